import { TAB_PARAM } from '@/features/account/profile/tab-param';

/** The tabs of /friend. */
export const FRIEND_PAGE_TABS = ['friends', 'received', 'sent'] as const;
export type FriendPageTab = (typeof FRIEND_PAGE_TABS)[number];

export const FRIEND_PAGE_PATH = '/friend';

/** The address of /friend with `tab` open (always explicit: the bare page picks its own). */
export function friendPageTabHref(tab: FriendPageTab): string {
  return `${FRIEND_PAGE_PATH}?${TAB_PARAM}=${tab}`;
}

/**
 * The tab /friend opens on: the one `?tab=` names, else the requests when some wait for an answer,
 * else the friends when there are any, else the requests (the spec's `친구 요청` section).
 */
export function initialFriendPageTab(
  param: string | string[] | undefined,
  counts: { friends?: number; requests?: number },
): FriendPageTab {
  const value = Array.isArray(param) ? param[0] : param;
  const named = FRIEND_PAGE_TABS.find((tab) => tab === value);
  if (named) return named;
  if ((counts.requests ?? 0) > 0) return 'received';
  if ((counts.friends ?? 0) > 0) return 'friends';
  return 'received';
}
