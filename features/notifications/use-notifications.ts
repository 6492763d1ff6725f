'use client';

import { useCallback } from 'react';
import useSWRInfinite from 'swr/infinite';

import { type NotificationPageKey, notificationPageKey } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import { LIVE_EVENT, NOTIFICATION_LIMITS } from '@/lib/contract/values';
import { useRead } from '@/lib/hooks/use-read';
import { useLiveEvent } from '@/lib/live/live-events';
import { fetchRead } from '@/lib/reads/fetch-read';

import { type NotificationPage, notificationPageRead, unreadNotificationCountRead } from './reads';

/**
 * The member's unread notification count (the bell's badge), unreadNotificationCountRead's entry.
 * It is never fetched on its own (the read's SWR options): the signed-in layout hands the first
 * number over as SWR fallback, the live stream sends it at every (re)opening and after every
 * change (`notification`), and the list and marking read answer it too (`setUnreadCount`). So the
 * shell's first load asks for nothing.
 */
export function useNotificationCount() {
  const { isAuthenticated } = useSession();
  const { data, mutate } = useRead(unreadNotificationCountRead, []);
  const setUnreadCount = useCallback(
    (count: number) => void mutate(count, { revalidate: false }),
    [mutate],
  );
  useLiveEvent(LIVE_EVENT.notification, (event) => setUnreadCount(event.unreadCount));
  return { unreadCount: isAuthenticated ? (data ?? 0) : 0, setUnreadCount };
}

/** A page as its read defines it: asked, validated and mapped as useRead would. */
function fetchPage([, before]: NotificationPageKey): Promise<NotificationPage> {
  return fetchRead(notificationPageRead, before, NOTIFICATION_LIMITS.defaultPage);
}

const pageKey = (index: number, previous: NotificationPage | null) =>
  notificationPageKey(index, previous, NOTIFICATION_LIMITS.defaultPage);
const none = () => null;

/**
 * The member's notifications, newest first, while `enabled` (the list is open): the newest page
 * on opening (read again at every opening), older pages on `loadMore()`; it ends when a page is
 * shorter than the page size. `revalidate()` reads the loaded pages again (a live change).
 */
export function useNotifications(enabled: boolean) {
  const { isAuthenticated } = useSession();
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite(
    isAuthenticated && enabled ? pageKey : none,
    fetchPage,
    // Every opening reads the list again, even one right after the last.
    {
      revalidateOnMount: true,
      revalidateFirstPage: true,
      revalidateOnFocus: false,
      dedupingInterval: 0,
    },
  );
  const pages = data ?? [];
  const last = pages[pages.length - 1];
  const isEnd = last !== undefined && last.items.length < NOTIFICATION_LIMITS.defaultPage;
  const isLoadingMore =
    isLoading || (size > 0 && data !== undefined && data[size - 1] === undefined);
  const loadMore = useCallback(() => setSize((current) => current + 1), [setSize]);
  const revalidate = useCallback(() => void mutate(), [mutate]);
  /** Shows the items up to `upTo` as read in the cached pages (marked read on the server). */
  const markReadLocally = useCallback(
    (upTo: number) =>
      void mutate(
        (current) =>
          current?.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id <= upTo ? { ...item, read: true } : item)),
          })),
        { revalidate: false },
      ),
    [mutate],
  );
  return {
    items: data ? pages.flatMap((page) => page.items) : undefined,
    /** The unread count the newest page was answered with. */
    unreadCount: data?.[0]?.unreadCount,
    error: error as unknown,
    isEnd,
    isLoadingMore,
    loadMore,
    revalidate,
    markReadLocally,
  };
}
