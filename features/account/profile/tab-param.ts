import type { Route } from 'next';
/** The tabs of the own profile (/profile), the first being the default. */
export const PROFILE_TABS = ['posts', 'friends'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The tabs of a member's profile (/friendProfile/{id}), the first being the default. */
export const FRIEND_TABS = ['posts', 'calendar'] as const;
export type FriendTab = (typeof FRIEND_TABS)[number];

/** The `?tab=` search parameter that opens a profile on a tab other than the first. */
export const TAB_PARAM = 'tab';

/**
 * The tab a page's `?tab=` asks for (its first value when repeated), or the first tab when it
 * names none of `tabs`: a link to a tab works without JavaScript, the server renders it open.
 */
export function tabFromParam<K extends string>(
  tabs: readonly [K, ...K[]],
  param: string | string[] | undefined,
): K {
  const value = Array.isArray(param) ? param[0] : param;
  return tabs.find((tab) => tab === value) ?? tabs[0];
}

/** The address of `tab` on the page at `path`: the bare path for the first tab. */
export function tabHref<K extends string>(
  path: string,
  tabs: readonly [K, ...K[]],
  tab: K,
): string {
  return tab === tabs[0] ? path : `${path}?${TAB_PARAM}=${encodeURIComponent(tab)}`;
}

/** The `?post=` search parameter of /profile: the own post shown first (a notification's link). */
export const POST_PARAM = 'post';
/** `?view=comments` beside it opens that post's comments at once. */
export const VIEW_PARAM = 'view';
export const COMMENTS_VIEW = 'comments';

/** The address of one of the member's own posts on /profile, optionally with its comments open. */
export function ownPostHref(postId: number, openComments = false): Route {
  const query = `${POST_PARAM}=${postId}`;
  return `/profile?${openComments ? `${query}&${VIEW_PARAM}=${COMMENTS_VIEW}` : query}`;
}

/** The post id a page's `?post=` names (its first value when repeated), or null. */
export function postFromParam(param: string | string[] | undefined): number | null {
  const value = Array.isArray(param) ? param[0] : param;
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
