'use client';

import type { Route } from 'next';
import Link from 'next/link';
import { memo, type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';

import { Avatar } from '@/components/ui/avatar';
import type { ChatMessage } from '@/lib/contract/chat';
import { isDeletedSender } from '@/lib/contract/values';
import { messages as copy } from '@/lib/i18n/messages';
import { sharedRoutineTokenIn } from '@/lib/shared/training/share-link';

import styles from './chat-message-list.module.css';
import {
  firstMessageId,
  isOwnMessage,
  lastMessageId,
  LOAD_OLDER_THRESHOLD_PX,
  timeLabel,
} from './message-list';

export interface ChatMessageListProps {
  messages: ChatMessage[];
  /** The signed-in member's id: their messages sit on the right. */
  memberId: number | null | undefined;
  loading: boolean;
  loadingOlder: boolean;
  noEarlier: boolean;
  /** Called when the view comes within 100 px of the top. */
  onLoadOlder: () => void;
  /** Shown instead of the empty hint when the history failed. */
  errorSlot?: ReactNode;
  /**
   * The message that gets the `여기까지 읽었습니다` divider (firstUnreadId of what the member found
   * on coming in), at the top of its item, so the log still holds one item per message.
   */
  dividerBeforeId?: number | null;
}

/**
 * The message the divider goes on: the first one after `readUpToId` that someone else sent, among
 * those the member found on coming in (messages arriving while they look are seen, not unread).
 */
export function firstUnreadId(
  list: ChatMessage[],
  readUpToId: number | null | undefined,
  memberId: number | null | undefined,
): number | null {
  if (readUpToId === null || readUpToId === undefined) return null;
  const first = list.find(
    (message) => message.messageId > readUpToId && !isOwnMessage(message, memberId),
  );
  return first ? first.messageId : null;
}

/**
 * One message: avatar, sender name (others only), bubble and time; own messages on the right.
 * A deleted account's message shows `(탈퇴한 회원)` beside a blank avatar (never a link, never
 * anyone's initial). Memoised: merging keeps held messages as the same objects, so a new message
 * renders only itself.
 */
export const ChatMessageItem = memo(function ChatMessageItem({
  message,
  own,
  firstUnread = false,
}: {
  message: ChatMessage;
  own: boolean;
  /** The first message after where the member had read to: it carries the divider above it. */
  firstUnread?: boolean;
}) {
  const time = timeLabel(message.createdDate);
  const shareToken = sharedRoutineTokenIn(message.message);
  const gone = isDeletedSender(message.member);
  const name = gone ? copy.chat.deletedMember : message.member.name;
  const classes = [styles.item, own ? styles.own : styles.other, firstUnread && styles.firstUnread];
  return (
    <li className={classes.filter(Boolean).join(' ')} data-own={own}>
      {firstUnread ? <div className={styles.divider}>{copy.unread.divider}</div> : null}
      {gone ? (
        <span className={styles.goneAvatar} aria-hidden="true" />
      ) : (
        <Avatar name={name} picture={message.member.picture} size="sm" />
      )}
      <div className={styles.stack}>
        {own ? (
          <span className="visuallyHidden">{copy.chat.me}</span>
        ) : (
          <span className={gone ? `${styles.sender} ${styles.goneSender}` : styles.sender}>
            {name}
          </span>
        )}
        <div className={styles.line}>
          {shareToken ? (
            <div className={styles.bubbleStack}>
              <p className={styles.bubble}>{message.message}</p>
              <SharedRoutineCard token={shareToken} />
            </div>
          ) : (
            <p className={styles.bubble}>{message.message}</p>
          )}
          {time ? (
            <time className={styles.time} dateTime={message.createdDate}>
              {time}
            </time>
          ) : null}
        </div>
      </div>
    </li>
  );
});

/**
 * A message carrying a shared routine's link (issue 27): a card under the bubble that opens the
 * routine's page in the app (where a signed-in member sees it read-only and can copy it).
 */
function SharedRoutineCard({ token }: { token: string }) {
  return (
    <Link
      prefetch={false}
      href={`/routine/shared/${token}` as Route}
      className={styles.routineCard}
      data-testid="shared-routine-card"
    >
      <span className={styles.routineCardKicker}>{copy.chat.sharedRoutineCard}</span>
      <span className={styles.routineCardAction}>{copy.chat.sharedRoutineOpen}</span>
    </Link>
  );
}

interface Snapshot {
  firstId: number | null;
  lastId: number | null;
  scrollHeight: number;
}

/**
 * The scrolling message area (role="log"). Every new message (appended at the end: live, own, or
 * caught up after a reconnect) scrolls the view to the bottom; an older batch prepended at the top
 * keeps the view where it was; coming within 100 px of the top asks for older messages.
 */
export function ChatMessageList({
  messages,
  memberId,
  loading,
  loadingOlder,
  noEarlier,
  onLoadOlder,
  errorSlot,
  dividerBeforeId = null,
}: ChatMessageListProps) {
  const areaRef = useRef<HTMLDivElement>(null);
  const snapshotRef = useRef<Snapshot | null>(null);

  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    const previous = snapshotRef.current;
    const firstId = firstMessageId(messages);
    const lastId = lastMessageId(messages);
    if (!previous || previous.lastId === null) {
      area.scrollTop = area.scrollHeight;
    } else if (firstId !== previous.firstId && lastId === previous.lastId) {
      // An older batch went in above: keep the same messages in view.
      area.scrollTop += area.scrollHeight - previous.scrollHeight;
    } else if (lastId !== previous.lastId) {
      // A new message at the end: always into view, wherever the reader was.
      area.scrollTop = area.scrollHeight;
    }
    snapshotRef.current = { firstId, lastId, scrollHeight: area.scrollHeight };
  }, [messages]);

  // A short history leaves the top in view: keep loading older batches until the area scrolls.
  useEffect(() => {
    const area = areaRef.current;
    if (!area || loading || loadingOlder || noEarlier || messages.length === 0) return;
    if (area.scrollHeight <= area.clientHeight) onLoadOlder();
  }, [messages, loading, loadingOlder, noEarlier, onLoadOlder]);

  function onScroll() {
    const area = areaRef.current;
    if (!area) return;
    if (area.scrollTop < LOAD_OLDER_THRESHOLD_PX && !loading) onLoadOlder();
  }

  return (
    <div ref={areaRef} className={styles.area} onScroll={onScroll}>
      <div className={styles.top} aria-live="polite">
        {loadingOlder ? copy.chat.loadingOlder : noEarlier ? copy.chat.noEarlier : null}
      </div>
      {loading ? (
        <p className={styles.notice} role="status">
          {copy.chat.loading}
        </p>
      ) : null}
      {errorSlot}
      {!loading && !errorSlot && messages.length === 0 ? (
        <p className={styles.notice}>{copy.chat.empty}</p>
      ) : null}
      {/* The log wraps the list: a role on the <ol> itself would take away its list semantics
          (screen readers announce "list, N items" and each item's position). */}
      <div role="log" aria-live="polite" aria-label={copy.chat.logLabel}>
        <ol className={styles.list}>
          {messages.map((message) => (
            <ChatMessageItem
              key={message.messageId}
              message={message}
              own={isOwnMessage(message, memberId)}
              firstUnread={message.messageId === dividerBeforeId}
            />
          ))}
        </ol>
      </div>
    </div>
  );
}
