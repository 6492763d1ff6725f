import {
  newerMessagesRead,
  olderMessagesRead,
  recentMessagesRead,
} from '@/features/clubs/reads/chat';
import { dispatchUnauthorized } from '@/lib/api/events';
import { loadApi } from '@/lib/api/load';
import { fetchRead } from '@/lib/reads/fetch-read';

import type { ChatRoomApi, ChatRoomDeps, ChatTransport } from './chat-room-store';

type SockJSClass = typeof import('sockjs-client');

/**
 * Loads the real transport: stompjs over a native WebSocket, and the broadcast parser. Dynamic
 * imports, so neither library (nor the frame schema's zod) weighs on the first load of other
 * pages: they come when a room connects. SockJS comes later still, only when a native socket was
 * blocked: as it loads, sockjs-client adds a window `unload` listener, which would keep every
 * page of the app out of the back/forward cache.
 */
async function loadTransport(): Promise<ChatTransport> {
  const [{ Client }, { parseBroadcastFrame }] = await Promise.all([
    import('@stomp/stompjs'),
    import('./broadcast'),
  ]);
  let SockJS: SockJSClass | undefined;
  return {
    createClient: (config) => new Client(config),
    loadFallback: async () => {
      SockJS ??= (await import('sockjs-client')).default;
    },
    createSocket: (url, options) => {
      if (!SockJS) throw new Error('chat: SockJS was not loaded (loadFallback)');
      return new SockJS(url, undefined, options);
    },
    // The subprotocols stompjs itself offers for a `brokerURL` (its Versions list).
    createNativeSocket: (url) => new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp']),
    parseFrame: parseBroadcastFrame,
  };
}

/**
 * The room's calls: its history pages are the chat reads (features/clubs/reads/chat.ts), fetched, validated
 * and mapped as their definitions say; the session calls are lib/api's (loaded on first use).
 */
async function loadChatApi(): Promise<ChatRoomApi> {
  const api = await loadApi();
  return {
    fetchRecentMessages: (roomId) => fetchRead(recentMessagesRead, roomId),
    fetchOlderMessages: (roomId, messageId) => fetchRead(olderMessagesRead, roomId, messageId),
    fetchNewerMessages: (roomId, messageId, limit) =>
      fetchRead(newerMessagesRead, roomId, messageId, limit),
    loginCheck: () => api.loginCheck(),
    createChatTicket: () => api.createChatTicket(),
  };
}

/**
 * What a chat room store needs in the browser: the transport and its calls (the client loaded on
 * first use), the page's origin, and the `auth:unauthorized` event that ends the browser's session.
 */
export function browserChatRoomDeps(chatUrl: string): ChatRoomDeps {
  return {
    chatUrl,
    pageOrigin: () => window.location.origin,
    loadTransport,
    loadApi: loadChatApi,
    endSession: dispatchUnauthorized,
  };
}
