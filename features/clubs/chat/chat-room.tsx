'use client';

import Link from 'next/link';
import { useId, useMemo, useState } from 'react';

import { buttonClassName } from '@/components/ui/button';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { ClubRoomMenu } from '@/features/clubs/club-room-menu';
import { useSession } from '@/lib/auth';
import { messages } from '@/lib/i18n/messages';
import { useOnline } from '@/lib/net/use-online';

import { ChatComposer } from './chat-composer';
import { ChatMessageList, firstUnreadId } from './chat-message-list';
import styles from './chat-room.module.css';
import { lastMessageId } from './message-list';
import { type ChatRoomStart, useChatRoom } from './use-chat-room';
import { useMarkRoomRead } from './use-mark-room-read';

/**
 * The header's connection state, its label and its style: connected, connecting (retrying every
 * 5 s), offline (no connection at all), or refused.
 */
function connectionState(room: { connected: boolean; refused: boolean }, online: boolean) {
  if (room.refused) return { label: messages.chat.refusedStatus, className: styles.refused };
  if (!online) return { label: messages.sync.offline, className: styles.offline };
  return room.connected
    ? { label: messages.chat.connected, className: styles.online }
    : { label: messages.chat.connecting, className: styles.offline };
}

/**
 * A club chat room (/chat/{roomId}): header with the connection state and the ⋯ menu (the club's
 * page, and leaving or, for the owner, deleting the club: ClubRoomMenu, issue 29), the message
 * log, and the composer (disabled until connected). A member the room refuses sees why and a way
 * back to the clubs instead of a link that never connects. `start` is what the server found for this
 * page (the latest messages, or the refusal), so the first HTML already shows it.
 */
export function ChatRoom({ roomId, start }: { roomId: number; start?: ChatRoomStart }) {
  const titleId = useId();
  const { user } = useSession();
  const room = useChatRoom(roomId, start);
  const online = useOnline();
  const connection = connectionState(room, online);
  // Where the member had read to on entering, among the messages found then: the divider stays
  // there for this visit (decided once the member is known, to tell their own messages apart).
  const [found] = useState(() => (start && !start.refused ? start : null));
  const dividerBeforeId = useMemo(
    () => (found ? firstUnreadId(found.messages, found.lastReadMessageId, user?.id) : null),
    [found, user?.id],
  );
  useMarkRoomRead(roomId, lastMessageId(room.messages), !room.refused && !room.loading);

  return (
    <section className={styles.room} aria-labelledby={titleId}>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h1 className={styles.title} id={titleId}>
            {messages.chat.title(roomId)}
          </h1>
          <p className={`${styles.status} ${connection.className}`} role="status">
            <span className={styles.dot} aria-hidden="true" />
            <span className={styles.statusText}>{connection.label}</span>
          </p>
        </div>
        {room.refused ? null : <ClubRoomMenu roomId={roomId} />}
      </header>
      <ChatMessageList
        messages={room.messages}
        memberId={user?.id}
        loading={room.loading}
        loadingOlder={room.loadingOlder}
        noEarlier={room.noEarlier}
        onLoadOlder={() => void room.loadOlder()}
        dividerBeforeId={dividerBeforeId}
        errorSlot={
          room.refused ? (
            <div className={styles.refusal} role="alert">
              <p>{messages.chat.refused}</p>
              <Link
                prefetch={false}
                href="/club"
                className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              >
                {messages.chat.backToClubs}
              </Link>
            </div>
          ) : room.error ? (
            <InlineLoadError
              message={messages.chat.loadFailed}
              error={room.error}
              onRetry={room.reload}
            />
          ) : null
        }
      />
      {online ? null : (
        // Offline: said plainly instead of a composer that waits for a connection forever.
        <p className={styles.offlineNote} role="status">
          {messages.sync.chatOffline}
        </p>
      )}
      <ChatComposer disabled={!room.connected || !online} onSend={room.send} />
    </section>
  );
}
