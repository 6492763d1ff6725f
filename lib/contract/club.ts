import './zod-csp';

import * as z from 'zod/mini';

import { memberSummarySchema } from './friend';
import { CLUB_FILTERS, CLUB_LIMITS, type ClubFilter } from './values';

export { CLUB_FILTERS, CLUB_LIMITS, type ClubFilter };

/** Members per `GET /api/club/{id}/members` answer: `limit` defaults to `default`, at most `max`. */
export const CLUB_MEMBER_PAGE = { default: 100, max: 200 } as const;

/** Field messages of the club form and of the backend's 400 `data`. */
export const CLUB_MESSAGES = {
  titleBlank: '클럽 이름을 입력해주세요.',
  contentBlank: '클럽 소개를 입력해주세요.',
  locationBlank: '활동 장소를 입력해주세요.',
  scheduleBlank: '활동 시간을 입력해주세요.',
  highlightBlank: '클럽 특징을 입력해주세요.',
  titleTooLong: `클럽 이름은 ${CLUB_LIMITS.title}자 이하로 입력해주세요.`,
  contentTooLong: `클럽 소개는 ${CLUB_LIMITS.content}자 이하로 입력해주세요.`,
  locationTooLong: `활동 장소는 ${CLUB_LIMITS.location}자 이하로 입력해주세요.`,
  scheduleTooLong: `활동 시간은 ${CLUB_LIMITS.schedule}자 이하로 입력해주세요.`,
  highlightTooLong: `클럽 특징은 ${CLUB_LIMITS.highlight}자 이하로 입력해주세요.`,
  isMyClubs: 'isMyClubs는 0 또는 1이어야 합니다.',
  membersLimit: `limit은 1 이상 ${CLUB_MEMBER_PAGE.max} 이하이어야 합니다.`,
} as const;

function clubField(blank: string, tooLong: string, max: number) {
  return z
    .string({ error: blank })
    .check(z.trim(), z.minLength(1, { error: blank }), z.maxLength(max, { error: tooLong }));
}

/** `POST /api/club` body: five strings, each non-blank after trimming (values are trimmed). */
export const clubCreateSchema = z.object({
  title: clubField(CLUB_MESSAGES.titleBlank, CLUB_MESSAGES.titleTooLong, CLUB_LIMITS.title),
  content: clubField(CLUB_MESSAGES.contentBlank, CLUB_MESSAGES.contentTooLong, CLUB_LIMITS.content),
  location: clubField(
    CLUB_MESSAGES.locationBlank,
    CLUB_MESSAGES.locationTooLong,
    CLUB_LIMITS.location,
  ),
  schedule: clubField(
    CLUB_MESSAGES.scheduleBlank,
    CLUB_MESSAGES.scheduleTooLong,
    CLUB_LIMITS.schedule,
  ),
  highlight: clubField(
    CLUB_MESSAGES.highlightBlank,
    CLUB_MESSAGES.highlightTooLong,
    CLUB_LIMITS.highlight,
  ),
});
export type ClubCreate = z.infer<typeof clubCreateSchema>;

/** `ClubDto`. */
export const clubSchema = z.object({
  id: z.number().check(z.int()),
  title: z.string(),
  content: z.string(),
  location: z.string(),
  schedule: z.string(),
  highlight: z.string(),
  chatRoomId: z.number().check(z.int()),
});
export type Club = z.infer<typeof clubSchema>;

export const clubListSchema = z.array(clubSchema);

/**
 * A club of `GET /api/clubs` as this backend sends it: `ClubDto` plus, as additions, whether the
 * caller belongs to it and how many members it has. The original backend sends neither (both
 * optional: unknown).
 */
export const clubListItemSchema = z.extend(clubSchema, {
  isMember: z.optional(z.boolean()),
  memberCount: z.optional(z.number().check(z.int())),
});
export type ClubListItem = z.infer<typeof clubListItemSchema>;

export const clubListItemsSchema = z.array(clubListItemSchema);

/**
 * `GET /api/club/{id}` (an addition of this backend, issue 29): the club, its owner, how many
 * members it has, and the caller's place in it. Any signed-in member may read it (clubs are
 * searchable); an unknown club is 404.
 */
export const clubDetailSchema = z.extend(clubSchema, {
  owner: memberSummarySchema,
  memberCount: z.number().check(z.int()),
  isMember: z.boolean(),
  isOwner: z.boolean(),
});
export type ClubDetail = z.infer<typeof clubDetailSchema>;

export const CLUB_ROLES = ['OWNER', 'MEMBER'] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];

/** One member of `GET /api/club/{id}/members`. */
export const clubMemberSchema = z.extend(memberSummarySchema, { role: z.enum(CLUB_ROLES) });
export type ClubMember = z.infer<typeof clubMemberSchema>;

/** `GET /api/club/{id}/members`: the owner first, then the others in the order they joined. */
export const clubMemberListSchema = z.array(clubMemberSchema);

/** `GET /api/club/{id}/members?limit=` query. */
export const clubMembersQuerySchema = z.object({
  limit: z.pipe(
    z.transform((value): unknown =>
      value === undefined || value === '' ? CLUB_MEMBER_PAGE.default : value,
    ),
    z.coerce
      .number({ error: CLUB_MESSAGES.membersLimit })
      .check(
        z.int({ error: CLUB_MESSAGES.membersLimit }),
        z.gte(1, { error: CLUB_MESSAGES.membersLimit }),
        z.lte(CLUB_MEMBER_PAGE.max, { error: CLUB_MESSAGES.membersLimit }),
      ),
  ),
});

/** `GET /api/clubs` query. */
export const clubSearchQuerySchema = z.object({
  name: z.optional(z.string()),
  isMyClubs: z.pipe(
    z.pipe(
      z.transform((value) => (value === '' ? undefined : value)),
      z.optional(z.enum(['0', '1', 'all'], { error: CLUB_MESSAGES.isMyClubs })),
    ),
    z.transform((value) => value === '1'),
  ),
});

/** `POST /api/club` answers 201 with this text. */
export function clubCreatedText(title: string): string {
  return `${title}를 생성했습니다.`;
}
