import { dispatchUnauthorized } from '@/lib/api/events';
import { loadApi } from '@/lib/api/load';
import type { ChatRoomDeps, ChatTransport } from './chat-room-store';

/**
 * Loads the real transport: stompjs over SockJS, and the broadcast parser. Dynamic imports, so
 * neither library (nor the frame schema's zod) weighs on the first load of other pages: they come
 * when a room connects.
 */
async function loadTransport(): Promise<ChatTransport> {
  const [{ Client }, { default: SockJS }, { parseBroadcastFrame }] = await Promise.all([
    import('@stomp/stompjs'),
    import('sockjs-client'),
    import('./broadcast'),
  ]);
  return {
    createClient: (config) => new Client(config),
    createSocket: (url, options) => new SockJS(url, undefined, options),
    parseFrame: parseBroadcastFrame,
  };
}

/**
 * What a chat room store needs in the browser: the transport and lib/api (the client through
 * loadApi(), loaded on first use), the page's origin, and the `auth:unauthorized` event that ends
 * the browser's session.
 */
export function browserChatRoomDeps(chatUrl: string): ChatRoomDeps {
  return {
    chatUrl,
    pageOrigin: () => window.location.origin,
    loadTransport,
    loadApi,
    endSession: dispatchUnauthorized,
  };
}
