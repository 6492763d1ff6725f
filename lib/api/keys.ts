import type { Post } from '@/lib/contract/post';
import { CHAT_LIMITS, type ClubFilter } from '@/lib/contract/values';

/**
 * The API's paths and SWR keys, without the client: the hooks, the components and the server
 * reads (lib/bff) name the same cache entries through these, while the client that fetches them
 * (and the zod schemas it validates with) loads on first use (lib/api/load.ts).
 */

// Session

export const LOGIN_CHECK_PATH = '/api/login/check';
export const TOKEN_REFRESH_PATH = '/api/token/refresh';
export const LOGOUT_PATH = '/api/logout';
export const GOOGLE_AUTHORIZATION_PATH = '/oauth2/authorization/google';

// Day records (today)

const MONTH_PREFIX = '/api/today/yearAndMonth/';
const DAY_PREFIX = '/api/today/date/';

/** Path prefix of a friend's day records (`/api/today/friend/{friendId}`). */
function friendPrefix(friendId: number): string {
  return `/api/today/friend/${friendId}`;
}

/**
 * SWR key (and path) of a month's day records (`month` is 1–12): the caller's own, or, with
 * `friendId`, that friend's (`/api/today/friend/{friendId}/yearAndMonth/{year}/{month}`).
 */
export function monthKey(year: number, month: number, friendId?: number): string {
  if (friendId !== undefined) return `${friendPrefix(friendId)}/yearAndMonth/${year}/${month}`;
  return `${MONTH_PREFIX}${year}/${month}`;
}

/** True for any of the caller's own month keys (to revalidate every loaded month at once). */
export function isMonthKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith(MONTH_PREFIX);
}

/** SWR key (and path) of one day's log: the caller's own, or with `friendId` that friend's. */
export function dayKey(date: string, friendId?: number): string {
  if (friendId !== undefined) return `${friendPrefix(friendId)}/date/${date}`;
  return `${DAY_PREFIX}${date}`;
}

/** SWR key (and path) of the record badges of one day's sets (own, or a friend's). */
export function dayRecordsKey(date: string, friendId?: number): string {
  return `${dayKey(date, friendId)}/records`;
}

/** SWR key (and path) of the last earlier session of each exercise of the caller's day. */
export function previousSessionsKey(date: string): string {
  return `${DAY_PREFIX}${date}/previous`;
}

/** Path (and SWR key) of the caller's training settings (units, auto 완료, rest). */
export const TRAINING_SETTINGS_KEY = '/api/member/settings';

/** True when `days` (a month list, as the wire or the view has it) has a record on `date`. */
export function isListed(days: ReadonlyArray<{ localDate: string }>, date: string): boolean {
  return days.some((day) => day.localDate === date);
}

// The member's own data

/** The member's data as one ZIP (`GET /api/member/export`, a download link). */
export const MEMBER_EXPORT_PATH = '/api/member/export';
/** Whether an export would be accepted now (`GET`: 204, or the 429 the export would get). */
export const MEMBER_EXPORT_AVAILABILITY_PATH = '/api/member/export/availability';

/** The member's account (`DELETE /api/member`: 계정 삭제). */
export const MEMBER_PATH = '/api/member';

/** Where a deleted account lands: the sign-in page with its notice. */
export const ACCOUNT_DELETED_LOGIN_PATH = '/login?deleted=1';
/** Path of reading a workout CSV without writing (`POST`, multipart `file`; issue 16). */
export const MEMBER_IMPORT_PREVIEW_PATH = '/api/member/import/preview';
/** Path of importing a workout CSV, all or nothing (`POST`, the same body as the preview). */
export const MEMBER_IMPORT_PATH = '/api/member/import';

/**
 * True for the cached reads an import changes: the own months, days and their training reads
 * (`/api/today/…`: previous sessions, records, week summaries), the exercise library and every
 * exercise's history.
 */
export function isImportAffectedKey(key: unknown): boolean {
  return (
    typeof key === 'string' &&
    (key.startsWith('/api/today/') || key === EXERCISES_KEY || key.startsWith('/api/exercise/'))
  );
}

// Exercises and routines

/** SWR key (and path) of the signed-in member's exercises. */
export const EXERCISES_KEY = '/api/member/exercises';
/** SWR key (and path) of the classification label → name map. */
export const CLASSIFICATIONS_KEY = '/api/enum/classification';
/** The built-in exercise catalogue (issue 29; the same for every member, cacheable). */
export const CATALOGUE_KEY = '/api/exercise/catalogue';
/** The member's most recently logged exercises (issue 29). */
export const RECENT_EXERCISES_KEY = '/api/member/exercises/recent';

/** Path of adding catalogue exercise `key` to the member's library (`POST`, idempotent). */
export function catalogueAddPath(key: string): string {
  return `${CATALOGUE_KEY}/${encodeURIComponent(key)}`;
}
/** SWR key (and path) of the signed-in member's routines. */
export const ROUTINES_KEY = '/api/member/routines';

// Posts and comments

/** Path (and first element of every SWR key) of the feed. */
export const POSTS_KEY = '/api/posts';
/** Path (and first element of the SWR key) of the signed-in member's posts. */
export const MEMBER_POSTS_KEY = '/api/member/posts';
/** Path prefix (and first element of the SWR key) of a friend's posts. */
export const FRIEND_POSTS_KEY = '/api/posts/friend';

/** SWR key of the member's own posts: an array, which the post-list updates look for. */
export function memberPostsKey(): readonly [typeof MEMBER_POSTS_KEY] {
  return [MEMBER_POSTS_KEY];
}

/** SWR key of a friend's posts (their path is `${FRIEND_POSTS_KEY}/${friendId}`). */
export function friendPostsKey(friendId: number): readonly [typeof FRIEND_POSTS_KEY, number] {
  return [FRIEND_POSTS_KEY, friendId];
}

/** Posts per feed page. */
export const FEED_PAGE_SIZE = 5;

/** A feed page's SWR key: the first page, or the page older than the last post already held. */
export type FeedPageKey =
  | readonly [typeof POSTS_KEY, 'latest', number]
  | readonly [typeof POSTS_KEY, 'scroll', number, number];

/**
 * The key of feed page `index` given the page before it (the feed's `useSWRInfinite` key loader,
 * also used by the server page to name its fallback): null once a page came back shorter than the
 * page size (the feed has ended).
 */
export function feedPageKey(index: number, previous: Post[] | null): FeedPageKey | null {
  if (index === 0) return [POSTS_KEY, 'latest', FEED_PAGE_SIZE];
  if (!previous || previous.length < FEED_PAGE_SIZE) return null;
  return [POSTS_KEY, 'scroll', FEED_PAGE_SIZE, previous[previous.length - 1].id];
}

/**
 * The `src` of a post image: `imageBaseUrl + key` when an image base address is configured (as the
 * original client did in dev), else the BFF's `/api/images/{key}` (same origin, cookies sent).
 */
export function postImageUrl(key: string, imageBaseUrl = ''): string {
  if (imageBaseUrl) return `${imageBaseUrl}${key}`;
  // Segment by segment: a bucket key's `images/` folder stays a path (the BFF refuses `%2F`).
  return `/api/images/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** Path of one post (`/api/post/{id}`: PATCH edits its text, DELETE removes it; issue 16). */
export function postPath(postId: number): string {
  return `/api/post/${postId}`;
}

/** Path of the caller's like of a post (PUT likes, DELETE takes it back; issue 16). */
export function postLikePath(postId: number): string {
  return `${postPath(postId)}/like`;
}

/** SWR key (and path) of the members who like a post, newest first (issue 16). */
export function likersKey(postId: number): string {
  return `${postPath(postId)}/likes`;
}

/** True for the SWR key of a feed page (`[POSTS_KEY, 'latest' | 'scroll', …]`). */
export function isFeedPageKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === POSTS_KEY;
}

/** True for the SWR key of the member's own posts or of a friend's posts (the profile grids). */
export function isMemberPostsKey(key: unknown): boolean {
  return Array.isArray(key) && (key[0] === MEMBER_POSTS_KEY || key[0] === FRIEND_POSTS_KEY);
}

/** Path prefix of a post's comments (`/api/comment/{postId}`, also their SWR key). */
export const COMMENTS_KEY = '/api/comment';

/** Path of one comment (`/api/comment/{id}`: PATCH edits its text, DELETE removes it; issue 16). */
export function commentPath(commentId: number): string {
  return `${COMMENTS_KEY}/${commentId}`;
}

// Friends

/** Path (and SWR key) of the caller's friends: `member` is the caller, `friend` the other member. */
export const FRIENDS_KEY = '/api/member/friend';

/** Path (and SWR key) of the incoming pending requests: `member` is the requester. */
export const FRIEND_REQUESTS_KEY = '/api/member/friend/request';

/** Path (and SWR key) of the requests the caller sent and waits on (issue 29). */
export const SENT_REQUESTS_KEY = '/api/member/friend/sent';

/** SWR key (and path) of the caller's relation to a member (issue 29). */
export function friendStatusKey(memberId: number): string {
  return `/api/friend/status/${memberId}`;
}

/** Path of the member search (GET /api/members/search?name=). */
export const MEMBER_SEARCH_KEY = '/api/members/search';

/** Key (and path) of the member search for `name`. */
export function memberSearchKey(name: string): string {
  return `${MEMBER_SEARCH_KEY}?${new URLSearchParams({ name })}`;
}

/** True for the key of any member search (to revalidate them all at once). */
export function isMemberSearchKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith(`${MEMBER_SEARCH_KEY}?`);
}

/** Path of an accepted friendship with a member (`DELETE` ends it; issue 29). */
export function friendshipPath(memberId: number): string {
  return `/api/friend/${memberId}`;
}

/** Path (and SWR key) of the suggested friends. */
export const SUGGESTED_FRIENDS_KEY = '/api/member/suggested-friends';

/** SWR key (and path) of a member's public summary. */
export function memberKey(memberId: number): string {
  return `/api/member/friend/${memberId}`;
}

/** SWR key (and path) of the friendship check with a member. */
export function friendCheckKey(friendId: number): string {
  return `/api/friend/check/${friendId}`;
}

// Clubs and chat

/** Path of the club list (and its SWR key before any search). */
export const CLUBS_KEY = '/api/clubs';

/** SWR key (and path) of a club's page read: fields, owner, member count, the caller's place. */
export function clubKey(clubId: number): string {
  return `/api/club/${clubId}`;
}

/** SWR key (and path) of a club's members (the owner first). */
export function clubMembersKey(clubId: number): string {
  return `${clubKey(clubId)}/members`;
}

/** SWR key (and path) of the club that owns a chat room (members only). */
export function clubOfRoomKey(roomId: number): string {
  return `/api/club/chatRoom/${roomId}`;
}

/** True for the keys of one club's page reads (its detail and members). */
export function isClubPageKey(key: unknown, clubId: number): boolean {
  return key === clubKey(clubId) || key === clubMembersKey(clubId);
}

/** A club search: no query on first open; then the search text and the filter (`0` all, `1` mine). */
export interface ClubSearch {
  name: string;
  isMyClubs: ClubFilter;
}

/**
 * SWR key (and path) of a club list: every club while `search` is null, else the search's query
 * (`?name=&isMyClubs=`, as the client's query encoding writes it).
 */
export function clubsKey(search: ClubSearch | null): string {
  if (!search) return CLUBS_KEY;
  return `${CLUBS_KEY}?${new URLSearchParams({ name: search.name, isMyClubs: search.isMyClubs })}`;
}

/** True for the key of any club list, searched or not (to revalidate them all at once). */
export function isClubsKey(key: unknown): boolean {
  return typeof key === 'string' && (key === CLUBS_KEY || key.startsWith(`${CLUBS_KEY}?`));
}

/** Latest messages fetched on entering a room. */
export const RECENT_MESSAGES_LIMIT = 20;
/** Page size of the catch-up after a reconnect (the backend's maximum). */
export const NEWER_MESSAGES_LIMIT = CHAT_LIMITS.pageMax;

/** Path of a room's message history (`recentMessage`, `olderMessage`, `newerMessage`). */
export const roomPath = (roomId: number, what: string) => `/api/rooms/${roomId}/${what}`;

// Training: exercise history and the week summary

const WEEK_PREFIX = '/api/today/week/';

/** SWR key (and path) of the week summary of the ISO week holding `date` (and the week before). */
export function weekSummaryKey(date: string): string {
  return `${WEEK_PREFIX}${date}`;
}

/** True for any week summary key: writes that change counted sets revalidate them all at once. */
export function isWeekKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith(WEEK_PREFIX);
}

/** Path of an exercise's history and records over `range` (`3m`, `1y` or `all`). */
export function exerciseHistoryPath(exerciseId: number, range: string): string {
  return `/api/exercise/${exerciseId}/history?range=${encodeURIComponent(range)}`;
}

// Live stream, unread chat (issue 16)

/** The member's server-sent event stream. */
export const LIVE_EVENTS_PATH = '/api/events';

/** SWR key (and path) of the member's rooms with their last messages and unread counts. */
export const ROOMS_SUMMARY_KEY = '/api/rooms/summary';

/** Path of a room's read position. */
export const roomReadPath = (roomId: number) => `/api/rooms/${roomId}/read`;

// Notifications (issue 16)

/** Path (and first element of every page's SWR key) of the member's notifications. */
export const NOTIFICATIONS_KEY = '/api/notifications';

/** SWR key (and path) of the member's unread notification count (a number in the cache). */
export const NOTIFICATIONS_UNREAD_KEY = '/api/notifications/unread-count';

/** Path that marks the member's notifications read (all, or up to an id). */
export const NOTIFICATIONS_READ_PATH = '/api/notifications/read';

/** Path (and SWR key) of which kinds the member is notified of. */
export const NOTIFICATION_SETTINGS_KEY = '/api/member/notification-settings';

/** A notification page's SWR key: the newest page (`before` null) or the page older than `before`. */
export type NotificationPageKey = readonly [typeof NOTIFICATIONS_KEY, number | null];

/**
 * The key of notification page `index` given the page before it (the list's `useSWRInfinite` key
 * loader): null once a page came back shorter than `pageSize` (the list has ended).
 */
export function notificationPageKey(
  index: number,
  previous: { items: readonly { id: number }[] } | null,
  pageSize: number,
): NotificationPageKey | null {
  if (index === 0) return [NOTIFICATIONS_KEY, null];
  if (!previous || previous.items.length < pageSize) return null;
  return [NOTIFICATIONS_KEY, previous.items[previous.items.length - 1].id];
}
