'use client';

import type { Route } from 'next';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { SkeletonList } from '@/components/ui/skeleton';
import { ownPostHref } from '@/features/account/profile/tab-param';
import { postImageUrl } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import type { NotificationItem } from '@/lib/contract/notification';
import { imageVariantKey, LIVE_EVENT } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';
import { useLiveEvent } from '@/lib/live/live-events';
import { relativeTimeLabel } from '@/lib/relative-time';
import { friendProfilePath } from '@/lib/routes';
import { useRuntimeConfig } from '@/lib/runtime-config';

import styles from './notification-panel.module.css';
import { useNotifications } from './use-notifications';

const text = messages.notifications;

/** How often the relative times (`N분 전`) move on while the list is open. */
const CLOCK_TICK_MS = 30_000;

/** Where an item leads: the requests, the new friend's profile, or the member's own post. */
export function notificationHref(item: NotificationItem): Route {
  switch (item.kind) {
    case 'FRIEND_REQUEST':
      return '/friend';
    case 'FRIEND_ACCEPT': {
      const friend = item.actors[0];
      return friend ? friendProfilePath(friend.id) : '/friend';
    }
    case 'COMMENT':
      return item.post ? ownPostHref(item.post.id, true) : '/profile';
    case 'LIKE':
      return item.post ? ownPostHref(item.post.id) : '/profile';
  }
}

/** The item's sentence; each starts with the (newest) actor's name. */
export function notificationText(item: NotificationItem): string {
  const name = item.actors[0]?.name ?? '';
  switch (item.kind) {
    case 'FRIEND_REQUEST':
      return text.friendRequest(name);
    case 'FRIEND_ACCEPT':
      return text.friendAccept(name);
    case 'COMMENT':
      return text.comment(name, item.comment?.text ?? '');
    case 'LIKE':
      return item.actorCount > 1 ? text.likes(name, item.actorCount - 1) : text.like(name);
  }
}

function Thumbnail({ post }: { post: NonNullable<NotificationItem['post']> }) {
  const { imageBaseUrl } = useRuntimeConfig();
  if (!post.imageUrl) return null;
  // The smallest variant when the photo has them (a 48 px frame), else the stored image.
  const key = post.imageWidth ? imageVariantKey(post.imageUrl, 320, 'webp') : post.imageUrl;
  return (
    // A decorative thumbnail of the member's own post: the sentence says what it is.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      className={styles.thumb}
      src={postImageUrl(key, imageBaseUrl)}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}

function Item({ item, now, onOpen }: { item: NotificationItem; now: number; onOpen: () => void }) {
  const actor = item.actors[0];
  const sentence = notificationText(item);
  const name = actor?.name ?? '';
  return (
    <li className={styles.item}>
      <Link
        prefetch={false}
        href={notificationHref(item)}
        className={`${styles.link} ${item.read ? '' : styles.unread}`}
        onClick={onOpen}
      >
        <span className={styles.avatars} aria-hidden="true">
          {item.actors.slice(0, 2).map((member, index) => (
            <Avatar
              key={member.id}
              name={member.name}
              picture={member.picture}
              size={index === 0 ? 'md' : 'sm'}
              className={index === 0 ? styles.avatar : styles.second}
              decorative
            />
          ))}
        </span>
        <span className={styles.body}>
          <span className={styles.text}>
            <strong className={styles.name}>{name}</strong>
            {sentence.slice(name.length)}
          </span>
          <span className={styles.meta}>
            <time dateTime={item.createdDate}>{relativeTimeLabel(item.createdDate, now)}</time>
            {item.read ? null : <span className="visuallyHidden">, {text.unread}</span>}
          </span>
        </span>
        {item.post ? <Thumbnail post={item.post} /> : null}
        {item.read ? null : <span className={styles.dot} aria-hidden="true" />}
      </Link>
    </li>
  );
}

export interface NotificationPanelProps {
  onClose: () => void;
  /** The unread count the list learned (the bell's badge follows it). */
  onUnreadCount: (count: number) => void;
}

/**
 * The notification list (a sheet on phones, a dialog on wide screens): newest first, likes of a
 * post as one item, each linking to its place, unread ones marked until the next opening. What it
 * shows is marked read at once (up to its newest item; later arrivals stay unread until seen); a
 * live change while it is open reads it again. `새로운 알림이 없습니다.` when there is nothing.
 */
export function NotificationPanel({ onClose, onUnreadCount }: NotificationPanelProps) {
  const { items, unreadCount, error, isEnd, isLoadingMore, loadMore, revalidate, markReadLocally } =
    useNotifications(true);
  const [now, setNow] = useState(() => Date.now());
  const markedUpTo = useRef(0);
  const newest = items?.[0]?.id;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  // Opened (or read again): what is shown is seen. The answer is the count left, for the badge.
  useEffect(() => {
    if (unreadCount === undefined) return;
    if (unreadCount === 0 || newest === undefined || newest <= markedUpTo.current) {
      onUnreadCount(unreadCount);
      return;
    }
    markedUpTo.current = newest;
    let cancelled = false;
    void (async () => {
      try {
        const left = await (await loadApi()).markNotificationsRead(newest);
        if (!cancelled) onUnreadCount(left);
      } catch {
        // Still unread: the next opening tries again.
        markedUpTo.current = 0;
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [newest, unreadCount, onUnreadCount]);

  // Closing: what was marked read shows as read at the next opening, before it is read again.
  function close() {
    if (markedUpTo.current > 0) markReadLocally(markedUpTo.current);
    onClose();
  }

  useLiveEvent(LIVE_EVENT.notification, (event) => {
    if (event.unreadCount > 0) revalidate();
  });
  useLiveEvent(LIVE_EVENT.ready, revalidate);

  let content;
  if (items && items.length > 0) {
    content = (
      <>
        <ul className={styles.list} aria-label={text.listLabel}>
          {items.map((item) => (
            <Item key={`${item.kind}-${item.id}`} item={item} now={now} onOpen={close} />
          ))}
        </ul>
        {isEnd ? null : (
          <Button
            variant="secondary"
            size="sm"
            block
            disabled={isLoadingMore}
            onClick={() => void loadMore()}
          >
            {isLoadingMore ? text.moreLoading : text.more}
          </Button>
        )}
      </>
    );
  } else if (items) {
    content = (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>{text.empty}</p>
        <p className={styles.emptyHint}>{text.emptyHint}</p>
      </div>
    );
  } else if (error) {
    content = <InlineLoadError message={text.loadFailed} error={error} onRetry={revalidate} />;
  } else {
    content = <SkeletonList rows={3} label={text.loading} />;
  }

  return (
    <Dialog open onClose={close} title={text.title} size="md">
      <div className={styles.panel}>
        {content}
        <Link
          prefetch={false}
          href="/settings#notification-settings"
          className={styles.settings}
          onClick={close}
        >
          {text.settingsLink}
        </Link>
      </div>
    </Dialog>
  );
}
