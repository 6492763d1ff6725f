'use client';

import type { Client, IMessage } from '@stomp/stompjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { isApiError } from '@/lib/api/errors';
import { dispatchUnauthorized } from '@/lib/api/events';
import { NEWER_MESSAGES_LIMIT } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import type { ChatMessage } from '@/lib/contract/chat';
import {
  CHAT_ENDPOINT,
  CHAT_SESSION_ENDED,
  CHAT_TICKET_HEADER,
  chatSendBody,
  roomSendDestination,
  roomTopic,
} from '@/lib/contract/values';
import { chatNeedsTicket } from './chat-origin';
import {
  firstMessageId,
  lastMessageId,
  mergeMessages,
  messageToSend,
  unconfirmedSends,
  type PendingSend,
} from './message-list';
import { isMembershipRefusal, isSubscriptionRefusal } from '../shared/chat/stomp-refusal';

/** Reconnect delay and STOMP heart-beats (both ways). */
export const CHAT_RECONNECT_DELAY_MS = 5000;
export const CHAT_HEARTBEAT_MS = 4000;
/** SockJS session id length on another origin (the backend wants at least 24 there). */
const TICKET_SESSION_ID_LENGTH = 32;
/** Upper bound of catch-up pages after one reconnect (100 messages each). */
const MAX_CATCH_UP_PAGES = 20;

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

/**
 * The room as the server found it for this page (lib/bff/screens/chat.ts): its latest messages and
 * where the member had read to (null when the backend keeps no read positions), or refused (the
 * member is not in the room's club). The hook starts from it instead of asking again; `reload`
 * and a change of room start from scratch.
 */
export type ChatRoomStart =
  | { refused: false; messages: ChatMessage[]; lastReadMessageId?: number | null }
  | { refused: true };

interface RoomState {
  key: string;
  messages: ChatMessage[];
  loading: boolean;
  error: unknown;
  loadingOlder: boolean;
  noEarlier: boolean;
  connected: boolean;
  refused: boolean;
}

function initialState(key: string, start?: ChatRoomStart): RoomState {
  return {
    key,
    messages: start && !start.refused ? start.messages : [],
    loading: !start,
    error: null,
    loadingOlder: false,
    noEarlier: false,
    connected: false,
    refused: start?.refused ?? false,
  };
}

/**
 * One club chat room over STOMP/SockJS (`{chatUrl}/chat`): loads the latest 20 messages (unless the
 * server's `start` brought them, or found the room refusing the member: then it never connects),
 * subscribes to the room topic, appends live messages (deduplicated), loads older batches on
 * demand, and after every reconnect fetches what was missed (`newerMessage` after the newest held
 * id; the first connect after a `start` too, for what was sent since the page was rendered). The
 * connection opens on entering a room and is deactivated on leaving or changing rooms.
 */
/** Numbers the receipts of SEND frames (unique within the page). */
let sendCounter = 0;

export function useChatRoom(roomId: number, start?: ChatRoomStart): ChatRoom {
  const { chatUrl } = useRuntimeConfig();
  const [attempt, setAttempt] = useState(0);
  const key = `${roomId}#${attempt}`;
  // The server's start belongs to the room and attempt of the first render only.
  const [seed] = useState(() => ({ key, start }));
  const startFor = useCallback(
    (forKey: string) => (forKey === seed.key ? seed.start : undefined),
    [seed],
  );
  const [store, setStore] = useState<RoomState>(() => initialState(key, startFor(key)));
  const state = store.key === key ? store : initialState(key, startFor(key));

  // Mirrors read by callbacks between renders, reset with every (re)connection.
  const heldRef = useRef<ChatMessage[]>([]);
  const clientRef = useRef<Client | null>(null);
  const generationRef = useRef(0);
  const olderInFlightRef = useRef(false);
  const noEarlierRef = useRef(false);
  /**
   * Sends whose RECEIPT has not come, by receipt id. The broker receipts a SEND once the message
   * is stored and published; a link that drops first (an instance stopping, a network blip) may
   * have lost it, so after the reconnect's catch-up each one without a stored copy goes again.
   */
  const pendingRef = useRef(new Map<string, PendingSend & { link: number }>());
  /** Counts the live link's connections: a send belongs to the one it went out on. */
  const linkRef = useRef(0);

  /** Publishes `text` with a receipt request, pending until the receipt comes. */
  const publishTracked = useCallback(
    (stomp: Client, text: string) => {
      sendCounter += 1;
      const receipt = `send-${sendCounter}`;
      pendingRef.current.set(receipt, {
        text,
        after: lastMessageId(heldRef.current),
        link: linkRef.current,
      });
      stomp.watchForReceipt(receipt, () => pendingRef.current.delete(receipt));
      stomp.publish({
        destination: roomSendDestination(roomId),
        body: chatSendBody(text),
        headers: { receipt },
      });
    },
    [roomId],
  );

  /** Applies `change` to the state of `forKey`, starting from a fresh state when the key moved on. */
  const updateFor = useCallback(
    (forKey: string, change: (current: RoomState) => RoomState) => {
      setStore((current) =>
        change(current.key === forKey ? current : initialState(forKey, startFor(forKey))),
      );
    },
    [startFor],
  );

  useEffect(() => {
    const given = startFor(key);
    generationRef.current += 1;
    heldRef.current = given && !given.refused ? given.messages : [];
    pendingRef.current = new Map();
    olderInFlightRef.current = false;
    noEarlierRef.current = false;
    // The server found the member outside the room: nothing to load, nothing to connect to.
    if (given?.refused) return;
    let disposed = false;
    let client: Client | null = null;
    let historySettled = given !== undefined;
    let everConnected = false;
    let refused = false;

    const update = (change: (current: RoomState) => RoomState) => {
      if (!disposed) updateFor(key, change);
    };
    const add = (incoming: ChatMessage[]) => {
      if (disposed || incoming.length === 0) return;
      const next = mergeMessages(heldRef.current, incoming);
      if (next === heldRef.current) return;
      heldRef.current = next;
      update((current) => ({ ...current, messages: next }));
    };

    const history: Promise<boolean> = given
      ? Promise.resolve(true)
      : loadApi()
          .then((api) => api.fetchRecentMessages(roomId))
          .then(
            (list) => {
              historySettled = true;
              add(list);
              update((current) => ({ ...current, loading: false, error: null }));
              return true;
            },
            (error: unknown) => {
              historySettled = true;
              console.error('chat: history failed', error);
              update((current) => ({ ...current, loading: false, error }));
              // Not a member (or no such room): the broker would refuse too, so stop reconnecting.
              if (isApiError(error) && (error.status === 403 || error.status === 404)) refuse();
              return false;
            },
          );

    /** Gives up on the live link for good (until `reload`): the member is not in the room. */
    function refuse() {
      refused = true;
      update((current) => ({ ...current, connected: false, refused: true }));
      void client?.deactivate();
    }

    /**
     * The server closed the link because its session ended (signed out in another tab or on
     * another device's report of a stolen token): when the login check agrees, the browser's
     * session ends too (`auth:unauthorized`: the guard goes to /login) and the link stops. Still
     * signed in (a new sign-in meanwhile) or unsure (offline): it reconnects as after any drop.
     */
    async function sessionEnded() {
      let signedIn = true;
      try {
        signedIn = (await (await loadApi()).loginCheck()).check;
      } catch (error) {
        console.error('chat: login check after the session ended failed', error);
      }
      if (signedIn || disposed) return;
      void client?.deactivate();
      dispatchUnauthorized();
    }

    /** Loads what arrived while the link was down: pages of messages after the newest one held. */
    const catchUp = async () => {
      if (!(await history) || disposed) return;
      try {
        const api = await loadApi();
        let cursor = lastMessageId(heldRef.current);
        if (cursor === null) {
          add(await api.fetchRecentMessages(roomId));
          return;
        }
        for (let page = 0; page < MAX_CATCH_UP_PAGES && !disposed; page++) {
          const batch = await api.fetchNewerMessages(roomId, cursor, NEWER_MESSAGES_LIMIT);
          add(batch);
          const last = lastMessageId(batch);
          if (batch.length < NEWER_MESSAGES_LIMIT || last === null) return;
          cursor = last;
        }
      } catch (error) {
        console.error('chat: catch-up failed', error);
      }
    };

    /**
     * After connection `link`'s catch-up: sends again what earlier, dropped connections may have
     * lost (their receipts can no longer come). Sends on this connection wait for their own.
     */
    const resendUnconfirmed = (stomp: Client, link: number) => {
      if (disposed || !stomp.connected || link !== linkRef.current) return;
      const earlier = [...pendingRef.current].filter(([, send]) => send.link < link);
      if (earlier.length === 0) return;
      for (const [receipt] of earlier) pendingRef.current.delete(receipt);
      const sends = earlier.map(([, send]) => send);
      for (const send of unconfirmedSends(sends, heldRef.current)) publishTracked(stomp, send.text);
    };

    void (async () => {
      // Loaded on demand, so neither library (nor the frame schema's zod) weighs on the first
      // load of other pages.
      const [{ Client: StompClient }, { default: SockJS }, { parseBroadcastFrame }] =
        await Promise.all([
          import('@stomp/stompjs'),
          import('sockjs-client'),
          import('./broadcast'),
        ]);
      if (disposed) return;
      const crossOrigin = chatNeedsTicket(chatUrl, window.location.origin);
      const onMessage = (frame: IMessage) => {
        const message = parseBroadcastFrame(frame.body);
        if (message) add([message]);
      };
      const stomp = new StompClient({
        // On another origin the session id is all that binds the xhr transports' follow-up
        // requests (no cookie reaches there): 32 characters (160 bits) instead of SockJS's 8.
        webSocketFactory: () =>
          new SockJS(
            `${chatUrl}${CHAT_ENDPOINT}`,
            undefined,
            crossOrigin ? { sessionId: TICKET_SESSION_ID_LENGTH } : undefined,
          ),
        reconnectDelay: CHAT_RECONNECT_DELAY_MS,
        heartbeatIncoming: CHAT_HEARTBEAT_MS,
        heartbeatOutgoing: CHAT_HEARTBEAT_MS,
        debug: () => undefined,
        // The SockJS handshake bypasses the BFF, so it cannot refresh an expired session itself:
        // a call through the BFF first renews the cookies (the server closes a socket when the
        // token that opened it expires, and after any drop the client comes back here). On
        // another origin (CHAT_URL) the handshake carries no cookie at all: that call mints a
        // single-use ticket from the session instead, which CONNECT carries. A failed mint sends
        // no ticket: the server refuses that CONNECT, and the client retries in 5 s as after any
        // refusal (throwing here would stop stompjs from ever reconnecting).
        beforeConnect: async () => {
          const api = await loadApi().catch(() => null);
          if (!crossOrigin) {
            await api?.loginCheck().catch(() => undefined);
            return;
          }
          const ticket = await api?.createChatTicket().catch((error: unknown) => {
            console.error('chat: ticket failed', error);
            return null;
          });
          // A used ticket is never sent again: each connection gets a fresh one.
          stomp.connectHeaders = ticket ? { [CHAT_TICKET_HEADER]: ticket.ticket } : {};
        },
        onConnect: () => {
          stomp.subscribe(roomTopic(roomId), onMessage);
          // A reconnect always leaves a gap; so does a first connect that lands after the history
          // answer (messages sent in between reached neither).
          const gap = everConnected || historySettled;
          everConnected = true;
          update((current) => ({ ...current, connected: true }));
          linkRef.current += 1;
          const link = linkRef.current;
          if (gap) void catchUp().then(() => resendUnconfirmed(stomp, link));
          else resendUnconfirmed(stomp, link);
        },
        onWebSocketClose: (event?: { code?: number | string }) => {
          update((current) => ({ ...current, connected: false }));
          // Number(): SockJS hands on the close frame's code as the server wrote it.
          if (Number(event?.code) === CHAT_SESSION_ENDED.code) void sessionEnded();
        },
        // Only "not a member" is final: retrying would only repeat it. Any other ERROR (rate
        // limit, a passing server failure) ends this session like a drop: the socket is closed
        // (should the server not close it), the client retries in 5 s and catches up on connect.
        onStompError: (frame) => {
          console.error('chat: STOMP error', frame.headers.message);
          // One SUBSCRIBE refused (already subscribed, or too many): the connection goes on.
          if (isSubscriptionRefusal(frame.headers)) return;
          if (isMembershipRefusal(frame.headers)) {
            refuse();
            return;
          }
          update((current) => ({ ...current, connected: false }));
          stomp.forceDisconnect();
        },
      });
      client = stomp;
      clientRef.current = stomp;
      if (!refused) stomp.activate();
    })().catch((error: unknown) => console.error('chat: could not start', error));

    return () => {
      disposed = true;
      if (client && clientRef.current === client) clientRef.current = null;
      // Resolves after the broker's RECEIPT; nothing here waits for it.
      void client?.deactivate();
    };
  }, [roomId, chatUrl, key, updateFor, startFor, publishTracked]);

  const send = useCallback(
    (text: string) => {
      const body = messageToSend(text);
      if (body === null) return false;
      const client = clientRef.current;
      if (!client?.connected) {
        console.warn('chat: not connected, message not sent');
        return false;
      }
      publishTracked(client, body);
      return true;
    },
    [publishTracked],
  );

  const loadOlder = useCallback(async () => {
    const first = firstMessageId(heldRef.current);
    if (olderInFlightRef.current || noEarlierRef.current || first === null) return;
    const generation = generationRef.current;
    const current = () => generationRef.current === generation;
    olderInFlightRef.current = true;
    updateFor(key, (state) => ({ ...state, loadingOlder: true }));
    try {
      const batch = await (await loadApi()).fetchOlderMessages(roomId, first);
      if (!current()) return;
      if (batch.length === 0) {
        noEarlierRef.current = true;
        updateFor(key, (state) => ({ ...state, noEarlier: true }));
      } else {
        const next = mergeMessages(heldRef.current, batch);
        heldRef.current = next;
        updateFor(key, (state) => ({ ...state, messages: next }));
      }
    } catch (error) {
      console.error('chat: older messages failed', error);
    } finally {
      if (current()) {
        olderInFlightRef.current = false;
        updateFor(key, (state) => ({ ...state, loadingOlder: false }));
      }
    }
  }, [key, roomId, updateFor]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  return {
    connected: state.connected,
    refused: state.refused,
    messages: state.messages,
    loading: state.loading,
    error: state.error,
    loadingOlder: state.loadingOlder,
    noEarlier: state.noEarlier,
    send,
    loadOlder,
    reload,
  };
}
