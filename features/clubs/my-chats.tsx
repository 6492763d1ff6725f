'use client';

import Link from 'next/link';
import { useId } from 'react';

import { Card } from '@/components/ui/card';
import { UnreadBadge } from '@/features/clubs/chat/unread-badge';
import { useRoomsSummary } from '@/features/clubs/chat/use-rooms-summary';
import type { RoomSummary } from '@/lib/contract/unread';
import { messages } from '@/lib/i18n/messages';
import { relativeTimeLabel } from '@/lib/relative-time';
import { chatRoomPath } from '@/lib/routes';

import styles from './my-chats.module.css';

function RoomRow({ room }: { room: RoomSummary }) {
  const last = room.lastMessage;
  return (
    <li>
      <Link
        href={chatRoomPath(room.roomId)}
        prefetch={false}
        className={`${styles.room} ${room.unreadCount > 0 ? styles.unread : ''}`}
      >
        <span className={styles.head}>
          <span className={styles.title}>{room.clubTitle}</span>
          {last ? (
            <time className={styles.time} dateTime={last.createdDate} suppressHydrationWarning>
              {relativeTimeLabel(last.createdDate)}
            </time>
          ) : null}
        </span>
        <span className={styles.line}>
          <span className={styles.preview}>
            {last ? (
              <>
                <span className={styles.sender}>{messages.unread.sender(last.senderName)}</span>{' '}
                {last.message}
              </>
            ) : (
              messages.unread.noMessages
            )}
          </span>
          <UnreadBadge count={room.unreadCount} label />
        </span>
      </Link>
    </li>
  );
}

/**
 * `내 채팅방` on /club: each joined club's room with its last message (sender, text, relative
 * time) and unread count, the most recently active first, kept live by the member's event stream.
 * Nothing while the member has joined no club.
 */
export function MyChats() {
  const headingId = useId();
  const { summary } = useRoomsSummary();
  if (!summary || summary.rooms.length === 0) return null;
  return (
    <Card as="section" className={styles.card} aria-labelledby={headingId}>
      <h2 className={styles.heading} id={headingId}>
        {messages.unread.myChats}
      </h2>
      <p className={styles.description}>{messages.unread.myChatsDescription}</p>
      <ul className={styles.list}>
        {summary.rooms.map((room) => (
          <RoomRow key={room.roomId} room={room} />
        ))}
      </ul>
    </Card>
  );
}
