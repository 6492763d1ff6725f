import './zod-csp';

import * as z from 'zod/mini';

import { LIMITS, POST_LIMITS } from './values';

/**
 * The member's own profile edits (issue 29, additions to the wire): `PATCH /api/member/me`
 * `{name}`, `POST /api/member/me/picture` (multipart `file`) and `DELETE /api/member/me/picture`,
 * each answering the member as `MemberProfile`. Once edited, sign-in no longer overwrites that
 * field with the identity provider's.
 */
export const MEMBER_MESSAGES = {
  nameBlank: '이름을 입력해주세요.',
  nameTooLong: `이름은 ${LIMITS.name}자 이하로 입력해주세요.`,
  fileMissing: '이미지를 선택해주세요.',
  unsupportedImage: 'PNG, JPEG, GIF, WebP, HEIC 이미지만 올릴 수 있습니다.',
  imageTooLarge: '이미지는 10MB 이하여야 합니다.',
} as const;

/** Bytes of a profile photo upload: the posts' limit (10 MB). */
export const PICTURE_BYTES = POST_LIMITS.imageBytes;

/** A member's name: 1–100 characters once trimmed. */
export const memberNameSchema = z
  .string({ error: MEMBER_MESSAGES.nameBlank })
  .check(
    z.trim(),
    z.minLength(1, { error: MEMBER_MESSAGES.nameBlank }),
    z.maxLength(LIMITS.name, { error: MEMBER_MESSAGES.nameTooLong }),
  );

/** `PATCH /api/member/me` body. */
export const memberUpdateSchema = z.object({ name: memberNameSchema });
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

/** The member as the profile edits answer it (the login check's `id`, `name`, `picture`). */
export const memberProfileSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  picture: z.nullable(z.string()),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;
