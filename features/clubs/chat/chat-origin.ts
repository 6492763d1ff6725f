/**
 * Whether the SockJS endpoint at `chatUrl` ('' = the page's own `/chat`) is on another origin than
 * the page (`pageOrigin`, `window.location.origin`). Its handshake then carries no session cookie
 * (a host-bound cookie never reaches another host, and a browser withholds credentials from a
 * cross-origin SockJS request anyway), so the client authenticates its STOMP CONNECT with a
 * single-use ticket minted through the BFF instead. Same origin keeps the cookie and sends none.
 */
export function chatNeedsTicket(chatUrl: string, pageOrigin: string): boolean {
  if (!chatUrl) return false;
  try {
    return new URL(chatUrl, pageOrigin).origin !== pageOrigin;
  } catch {
    // Not a URL: SockJS fails on it either way; no ticket is minted for it.
    return false;
  }
}

/**
 * The native endpoint's `ws(s)://` URL: STOMP straight over a WebSocket at `{chatUrl}/chat/websocket`
 * ('' = the page's own origin, through proxy.ts). SockJS stays the fallback (chat-room-store.ts).
 */
export function nativeChatUrl(chatUrl: string, pageOrigin: string): string {
  const url = new URL(`${chatUrl}/chat/websocket`, pageOrigin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}
