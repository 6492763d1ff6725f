'use client';

import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

import type { ChatMessage } from '@/lib/contract/chat';
import { useRuntimeConfig } from '@/lib/runtime-config';

import { browserChatRoomDeps } from './chat-room-deps';
import { type ChatRoomStart, type ChatRoomStore, createChatRoomStore } from './chat-room-store';

export { CHAT_HEARTBEAT_MS, CHAT_RECONNECT_DELAY_MS, type ChatRoomStart } from './chat-room-store';

export interface ChatRoom {
  /** The STOMP session is open and subscribed; send is possible. */
  connected: boolean;
  /**
   * The member is not in this room (history 403/404, or the broker's membership ERROR): the live
   * link has stopped for good, until `reload`. Any other failure keeps reconnecting every 5 s.
   */
  refused: boolean;
  /** Deduplicated by messageId, oldest first. */
  messages: ChatMessage[];
  /** The first history page is loading. */
  loading: boolean;
  /** The first history page failed (the live link keeps going unless `refused`); `reload` retries. */
  error: unknown;
  /** An older batch is being fetched. */
  loadingOlder: boolean;
  /** An older batch came back empty: the history is exhausted. */
  noEarlier: boolean;
  /** Publishes `text` (trimmed); false when blank or not connected (logged, nothing sent). */
  send(text: string): boolean;
  /** Fetches the batch before the oldest held message; no-op while one is running or after the end. */
  loadOlder(): Promise<void>;
  /** Reconnects and reloads the history from scratch. */
  reload(): void;
}

interface HeldStore {
  roomId: number;
  chatUrl: string;
  store: ChatRoomStore;
}

/**
 * One club chat room (features/clubs/chat/chat-room-store.ts does the work): a store per room, created while
 * rendering (it connects nothing until its effect) so the first render, the one hydrating the
 * server's HTML, already shows the server's `start`; connected on mount, closed on unmount or when
 * the room changes, read with useSyncExternalStore.
 */
export function useChatRoom(roomId: number, start?: ChatRoomStart): ChatRoom {
  const { chatUrl } = useRuntimeConfig();
  // The server's start belongs to the room of the first render, until the first reload.
  const [seed, setSeed] = useState<{ roomId: number; start?: ChatRoomStart } | null>(() => ({
    roomId,
    start,
  }));
  const [held, setHeld] = useState<HeldStore>(() => ({
    roomId,
    chatUrl,
    store: createChatRoomStore(roomId, start, browserChatRoomDeps(chatUrl)),
  }));
  let { store } = held;
  if (held.roomId !== roomId || held.chatUrl !== chatUrl) {
    // Another room: a fresh store now, so this very render shows it (loading, nothing held).
    const given = seed?.roomId === roomId ? seed.start : undefined;
    store = createChatRoomStore(roomId, given, browserChatRoomDeps(chatUrl));
    setHeld({ roomId, chatUrl, store });
  }

  // The server renders the store's first snapshot too (it never connects there).
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  useEffect(() => {
    store.connect();
    return () => store.close();
  }, [store]);

  // The back/forward cache keeps no page with an open socket: it is dropped on pagehide and the
  // room reconnects (and catches up) when the page is shown again from the cache.
  useEffect(() => {
    const hide = () => store.suspend();
    const show = (event: PageTransitionEvent) => {
      if (event.persisted) store.resume();
    };
    window.addEventListener('pagehide', hide);
    window.addEventListener('pageshow', show);
    return () => {
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('pageshow', show);
    };
  }, [store]);

  const reload = useCallback(() => {
    setSeed(null);
    store.retry();
  }, [store]);

  return {
    connected: snapshot.status === 'connected',
    refused: snapshot.status === 'refused',
    messages: snapshot.messages,
    loading: snapshot.loading,
    error: snapshot.error,
    loadingOlder: snapshot.loadingOlder,
    noEarlier: snapshot.noEarlier,
    send: store.send,
    loadOlder: store.loadOlder,
    reload,
  };
}
