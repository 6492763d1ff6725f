import 'server-only';

import { dayLogRead, dayRecordsRead, monthRead } from '@/features/day-log/reads';
import { friendCheckRead, friendStatusRead, memberRead } from '@/features/friends/reads';
import { friendPostsRead } from '@/features/posts/reads';
import { friendPostsKey, isListed } from '@/lib/api/keys';
import { loginCheck } from '@/lib/bff/reads/session';
import {
  decoration,
  type Decorations,
  settleDecorations,
  unlessUnavailable,
  withEntry,
} from '@/lib/bff/screens/fallback';
import { isAccessDenied } from '@/lib/bff/server-client';
import { readFallbackKey, serverRead, serverReadOrNull } from '@/lib/bff/server-read';
import type { FriendRelation, MemberSummary } from '@/lib/contract/friend';
import { seoulDateKey, yearMonthOfKey } from '@/lib/shared/dates';

/** What /friendProfile/{id}'s first view needs, decided on the server. */
export interface FriendProfileScreen {
  member: MemberSummary;
  /** The member is the signed-in one (the page links to /profile). */
  isSelf: boolean;
  /** The member's posts were refused (403): the posts tab is the access-denied screen. */
  postsDenied: boolean;
  /** The friendship check passed and the month was not refused: the calendar tab is the calendar. */
  calendarAllowed: boolean;
  /** The caller's relation to the member (issue 29), when it could be read. */
  relation?: FriendRelation;
  /** SWR fallback under the keys of useFriendPosts, useMonthDays and useDayLog (with friendId). */
  fallback: Record<string, unknown>;
  /** The record badges of the friend's log today, with the first HTML or streaming in after it. */
  decorations: Decorations;
}

type Denied = { denied: true };
const DENIED: Denied = { denied: true };

/** A read the backend may refuse with 403 (not friends): DENIED then, else as unlessUnavailable. */
async function unlessDenied<T>(read: Promise<T>): Promise<T | Denied | undefined> {
  try {
    return await unlessUnavailable(read);
  } catch (error) {
    if (isAccessDenied(error)) return DENIED;
    throw error;
  }
}

function isDenied(value: unknown): value is Denied {
  return value === DENIED;
}

/** The friendship check; a failed or refused check counts as not friends. */
async function friendship(friendId: number): Promise<boolean> {
  const isFriend = await unlessDenied(serverRead(friendCheckRead, friendId));
  return isFriend === true;
}

/**
 * A member's profile (/friendProfile/{friendId}): the member (an unknown one is notFound()), their
 * posts, and whether the calendar may be shown: the friendship check (GET /api/friend/check/{id})
 * decides, and a month the backend refuses (403) is the access-denied screen too. The month is read
 * beside the check rather than after it, so a friend's page waits for one round trip fewer; then
 * `todayKey`'s log when the month lists it, with its record badges as decorations (streamed in
 * when slow). A read that fails otherwise (5xx, backend down) is left to the browser, which shows
 * its inline error with retry; only the member's read ends the page.
 */
export async function friendProfileScreen(
  friendId: number,
  todayKey: string = seoulDateKey(),
): Promise<FriendProfileScreen> {
  const { year, month } = yearMonthOfKey(todayKey);
  const [member, session, isFriend, posts, days, status] = await Promise.all([
    serverRead(memberRead, friendId),
    loginCheck(),
    friendship(friendId),
    unlessDenied(serverRead(friendPostsRead, friendId)),
    unlessDenied(serverRead(monthRead, year, month, friendId)),
    unlessDenied(serverRead(friendStatusRead, friendId)),
  ]);

  const fallback: Record<string, unknown> = {};
  const relation = status && !isDenied(status) ? status.relation : undefined;
  if (relation) withEntry(fallback, readFallbackKey(friendStatusRead, friendId), status);
  const postsDenied = isDenied(posts);
  if (!postsDenied) withEntry(fallback, friendPostsKey(friendId), posts);

  let decorations: Decorations = { fallback: {}, streamed: {} };
  const calendarAllowed = isFriend && !isDenied(days);
  const monthDays = isDenied(days) ? undefined : days;
  if (calendarAllowed && monthDays) {
    withEntry(fallback, readFallbackKey(monthRead, year, month, friendId), monthDays);
    if (isListed(monthDays, todayKey)) {
      // The badges decorate the log: read beside it, they never hold the first HTML back.
      const records = decoration(serverReadOrNull(dayRecordsRead, todayKey, friendId));
      const log = await unlessUnavailable(serverReadOrNull(dayLogRead, todayKey, friendId));
      withEntry(fallback, readFallbackKey(dayLogRead, todayKey, friendId), log);
      if (log) {
        decorations = await settleDecorations({
          [readFallbackKey(dayRecordsRead, todayKey, friendId)]: records,
        });
      }
    }
  }

  return {
    member,
    isSelf: session.id === member.id,
    postsDenied,
    calendarAllowed,
    relation,
    fallback,
    decorations,
  };
}
