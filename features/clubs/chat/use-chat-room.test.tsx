import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';

import { resetSessionBridge, setSessionSnapshot } from '@/lib/api/session-bridge';
import type { ChatMessage } from '@/lib/contract/chat';
import { RuntimeConfigProvider } from '@/lib/runtime-config';
import {
  ALREADY_SUBSCRIBED_ERROR,
  NOT_A_MEMBER_ERROR,
  TOO_MANY_SUBSCRIPTIONS_ERROR,
} from '@/lib/shared/chat/stomp-refusal';
import { mockFetch } from '@/testing/test-helpers';

import { useChatRoom } from './use-chat-room';

interface FakeClientConfig {
  webSocketFactory: () => unknown;
  reconnectDelay: number;
  heartbeatIncoming: number;
  heartbeatOutgoing: number;
  onConnect: () => void;
  onWebSocketClose: (event?: { code: number; reason: string }) => void;
  onStompError: (frame: { headers: Record<string, string> }) => void;
  beforeConnect: () => Promise<void>;
}

class FakeClient {
  static instances: FakeClient[] = [];
  /** What the hook puts in CONNECT (stompjs's `connectHeaders`). */
  connectHeaders?: Record<string, string>;
  connected = false;
  activated = false;
  deactivated = false;
  subscriptions: { destination: string; callback: (frame: { body: string }) => void }[] = [];
  published: { destination: string; body: string; headers?: Record<string, string> }[] = [];
  receipts = new Map<string, () => void>();
  constructor(public config: FakeClientConfig) {
    FakeClient.instances.push(this);
  }
  activate() {
    this.activated = true;
  }
  async deactivate() {
    this.deactivated = true;
  }
  forceDisconnects = 0;
  /** Like stompjs: closes the socket; the client stays active and reconnects after the delay. */
  forceDisconnect() {
    this.forceDisconnects += 1;
    if (this.connected) this.drop();
  }
  subscribe(destination: string, callback: (frame: { body: string }) => void) {
    this.subscriptions.push({ destination, callback });
  }
  publish(frame: { destination: string; body: string; headers?: Record<string, string> }) {
    this.published.push(frame);
  }
  watchForReceipt(id: string, callback: () => void) {
    this.receipts.set(id, callback);
  }
  /** The broker's RECEIPT for the `index`-th published frame (stored and published). */
  receipt(index: number) {
    const id = this.published[index].headers?.receipt;
    this.receipts.get(id!)?.();
    this.receipts.delete(id!);
  }
  /** Simulates the link opening (or re-opening). */
  open() {
    this.connected = true;
    this.subscriptions = [];
    this.config.onConnect();
  }
  drop(event?: { code: number; reason: string }) {
    this.connected = false;
    this.config.onWebSocketClose(event);
  }
  deliver(message: ChatMessage) {
    const frame = { headers: {}, body: message, statusCode: 'OK', statusCodeValue: 200 };
    for (const subscription of this.subscriptions)
      subscription.callback({ body: JSON.stringify(frame) });
  }
}

const sockJsUrls: string[] = [];
const sockJsOptions: unknown[] = [];
/** Native WebSockets the hook opened (the browser's WebSocket, replaced). */
const nativeSockets: { url: string; protocols: unknown }[] = [];
beforeAll(() => {
  Object.defineProperty(window, 'WebSocket', {
    configurable: true,
    value: jest.fn((url: string, protocols: unknown) => {
      nativeSockets.push({ url, protocols });
      return {};
    }),
  });
});

/**
 * Opens the client's first socket (native) and has it close before CONNECTED, as a network that
 * blocks WebSockets does: the next socket is SockJS's.
 */
async function nativeBlocked(client: FakeClient) {
  client.config.webSocketFactory();
  act(() => client.config.onWebSocketClose({ code: 1006, reason: '' }));
  // As stompjs does before every connect: here it loads SockJS.
  await act(() => client.config.beforeConnect());
  client.config.webSocketFactory();
}
jest.mock('@stomp/stompjs', () => ({ Client: FakeClient }));
jest.mock('sockjs-client', () => ({
  __esModule: true,
  default: jest.fn((url: string, _reserved: unknown, options: unknown) => {
    sockJsUrls.push(url);
    sockJsOptions.push(options);
    return {};
  }),
}));

/** Renders under a runtime config whose CHAT_URL is `chatUrl`. */
function withChatUrl(chatUrl: string) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <RuntimeConfigProvider
        config={{ chatUrl, imageBaseUrl: '', loginUrl: '/login', uploadBodyLimitBytes: null }}
      >
        {children}
      </RuntimeConfigProvider>
    );
  };
}

function message(messageId: number, text = `m${messageId}`): ChatMessage {
  return {
    messageId,
    message: text,
    member: { id: 2, name: '이서연', picture: null },
    createdDate: '2025-07-19T14:03:27.123',
  };
}

const ids = (list: ChatMessage[]) => list.map((item) => item.messageId);

async function clientReady(): Promise<FakeClient> {
  await waitFor(() => expect(FakeClient.instances.at(-1)?.activated).toBe(true));
  return FakeClient.instances.at(-1)!;
}

beforeEach(() => {
  FakeClient.instances = [];
  sockJsUrls.length = 0;
  sockJsOptions.length = 0;
  nativeSockets.length = 0;
  resetSessionBridge();
  setSessionSnapshot({ isAuthenticated: true, needTokenRefresh: false });
});

describe('useChatRoom', () => {
  it('loads the latest 20, connects over SockJS at /chat, and appends live messages once', async () => {
    mockFetch({ 'GET /api/rooms/5/recentMessage?limit=20': { body: [message(1), message(2)] } });
    const { result } = renderHook(() => useChatRoom(5));
    expect(result.current.loading).toBe(true);
    expect(result.current.connected).toBe(false);
    // The file's first render loads the hook's modules cold: past waitFor's 1 s on a busy machine.
    await waitFor(() => expect(ids(result.current.messages)).toEqual([1, 2]), { timeout: 5000 });
    const client = await clientReady();
    expect(client.config).toMatchObject({
      reconnectDelay: 5000,
      heartbeatIncoming: 4000,
      heartbeatOutgoing: 4000,
    });
    await nativeBlocked(client);
    expect(nativeSockets).toEqual([
      {
        url: `ws://${window.location.host}/chat/websocket`,
        protocols: ['v12.stomp', 'v11.stomp', 'v10.stomp'],
      },
    ]);
    expect(sockJsUrls).toEqual(['/chat']);

    mockFetch({
      'GET /api/rooms/5/newerMessage?messageId=2&limit=100': { body: [] },
      'GET /api/rooms/5/newerMessage?messageId=3&limit=100': { body: [] },
    });
    act(() => client.open());
    expect(result.current.connected).toBe(true);
    expect(client.subscriptions.map((item) => item.destination)).toEqual(['/topic/public/rooms/5']);
    act(() => {
      client.deliver(message(3));
      client.deliver(message(3));
    });
    expect(ids(result.current.messages)).toEqual([1, 2, 3]);
  });

  it('sends JSON-encoded trimmed text; blank or disconnected sends nothing', async () => {
    mockFetch({ 'GET /api/rooms/5/recentMessage?limit=20': { body: [] } });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { result } = renderHook(() => useChatRoom(5));
    const client = await clientReady();
    expect(result.current.send('안녕')).toBe(false);
    expect(warn).toHaveBeenCalled();
    act(() => client.open());
    expect(result.current.send('   ')).toBe(false);
    expect(result.current.send(' 안녕 "친구" ')).toBe(true);
    expect(client.published).toEqual([
      {
        destination: '/app/chat/rooms/5/send',
        body: '"안녕 \\"친구\\""',
        headers: { receipt: expect.stringMatching(/^send-\d+$/) },
      },
    ]);
    warn.mockRestore();
  });

  it('after a reconnect sends again what the dropped link lost, not what reached the server', async () => {
    mockFetch({ 'GET /api/rooms/5/recentMessage?limit=20': { body: [message(1)] } });
    const { result } = renderHook(() => useChatRoom(5));
    await waitFor(() => expect(result.current.loading).toBe(false));
    const client = await clientReady();
    mockFetch({ 'GET /api/rooms/5/newerMessage?messageId=1&limit=100': { body: [] } });
    act(() => client.open());
    expect(result.current.send('도착')).toBe(true);
    expect(result.current.send('받음')).toBe(true);
    expect(result.current.send('잃어버림')).toBe(true);
    act(() => client.receipt(1));
    // The link drops before two receipts came; the server had stored '도착' only.
    act(() => client.drop());
    mockFetch({
      'GET /api/rooms/5/newerMessage?messageId=1&limit=100': {
        body: [message(2, '도착'), message(3, '받음')],
      },
    });
    act(() => client.open());
    await waitFor(() => expect(client.published).toHaveLength(4));
    expect(client.published[3].body).toBe('"잃어버림"');
    // Its receipt settles it: another drop sends nothing again.
    act(() => client.receipt(3));
    act(() => client.drop());
    mockFetch({ 'GET /api/rooms/5/newerMessage?messageId=3&limit=100': { body: [] } });
    act(() => client.open());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.published).toHaveLength(4);
  });

  it('after a reconnect fetches what was missed since the newest message held', async () => {
    const { calls } = mockFetch({
      'GET /api/rooms/5/recentMessage?limit=20': { body: [message(1), message(2)] },
      'GET /api/rooms/5/newerMessage?messageId=2&limit=100': { body: [message(3), message(4)] },
    });
    const { result } = renderHook(() => useChatRoom(5));
    await waitFor(() => expect(result.current.loading).toBe(false));
    const client = await clientReady();
    act(() => client.open());
    await waitFor(() => expect(ids(result.current.messages)).toEqual([1, 2, 3, 4]));
    act(() => client.drop());
    expect(result.current.connected).toBe(false);

    mockFetch({
      'GET /api/rooms/5/newerMessage?messageId=4&limit=100': { body: [message(5), message(6)] },
    });
    act(() => client.open());
    await waitFor(() => expect(ids(result.current.messages)).toEqual([1, 2, 3, 4, 5, 6]));
    expect(result.current.connected).toBe(true);
    expect(calls.map((call) => call.url)).toContain(
      '/api/rooms/5/newerMessage?messageId=2&limit=100',
    );
  });

  it('loads older batches before the first held message until one comes back empty', async () => {
    mockFetch({
      'GET /api/rooms/5/recentMessage?limit=20': { body: [message(10), message(11)] },
      'GET /api/rooms/5/olderMessage?messageId=10': { body: [message(8), message(9)] },
      'GET /api/rooms/5/olderMessage?messageId=8': { body: [] },
    });
    const { result } = renderHook(() => useChatRoom(5));
    await waitFor(() => expect(result.current.loading).toBe(false));
    await act(() => result.current.loadOlder());
    expect(ids(result.current.messages)).toEqual([8, 9, 10, 11]);
    expect(result.current.noEarlier).toBe(false);
    await act(() => result.current.loadOlder());
    expect(result.current.noEarlier).toBe(true);
    expect(result.current.loadingOlder).toBe(false);
  });

  it('runs one older request at a time', async () => {
    const { calls } = mockFetch({
      'GET /api/rooms/5/recentMessage?limit=20': { body: [message(10)] },
      'GET /api/rooms/5/olderMessage?messageId=10': { body: [message(9)] },
    });
    const { result } = renderHook(() => useChatRoom(5));
    await waitFor(() => expect(result.current.loading).toBe(false));
    await act(async () => {
      await Promise.all([result.current.loadOlder(), result.current.loadOlder()]);
    });
    expect(calls.filter((call) => call.url.includes('olderMessage'))).toHaveLength(1);
  });

  it('deactivates on leaving and on changing rooms', async () => {
    mockFetch({
      'GET /api/rooms/5/recentMessage?limit=20': { body: [] },
      'GET /api/rooms/6/recentMessage?limit=20': { body: [message(1)] },
    });
    const { result, rerender, unmount } = renderHook(({ id }) => useChatRoom(id), {
      initialProps: { id: 5 },
    });
    const first = await clientReady();
    rerender({ id: 6 });
    expect(first.deactivated).toBe(true);
    const second = await clientReady();
    expect(second).not.toBe(first);
    await waitFor(() => expect(ids(result.current.messages)).toEqual([1]));
    unmount();
    expect(second.deactivated).toBe(true);
  });

  it('stops for good only when the broker says the member is not in the room', async () => {
    mockFetch({ 'GET /api/rooms/5/recentMessage?limit=20': { body: [message(1)] } });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = renderHook(() => useChatRoom(5));
    await waitFor(() => expect(result.current.loading).toBe(false));
    const client = await clientReady();
    mockFetch({ 'GET /api/rooms/5/newerMessage?messageId=1&limit=100': { body: [] } });
    act(() => client.open());
    expect(result.current.refused).toBe(false);
    act(() => client.config.onStompError({ headers: { message: NOT_A_MEMBER_ERROR } }));
    expect(client.deactivated).toBe(true);
    expect(client.forceDisconnects).toBe(0);
    expect(result.current.refused).toBe(true);
    expect(result.current.connected).toBe(false);
    // The history had loaded: that is no load failure.
    expect(result.current.error).toBeNull();
    expect(ids(result.current.messages)).toEqual([1]);
    error.mockRestore();
  });

  it.each(['too many messages', 'server error', 'not a member'])(
    'treats any other ERROR (%s) as a drop: reconnects and catches up',
    async (reason) => {
      const first = mockFetch({
        'GET /api/rooms/5/recentMessage?limit=20': { body: [message(1)] },
        'GET /api/rooms/5/newerMessage?messageId=1&limit=100': { body: [] },
      });
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const { result } = renderHook(() => useChatRoom(5));
      await waitFor(() => expect(result.current.loading).toBe(false));
      const client = await clientReady();
      act(() => client.open());
      expect(result.current.connected).toBe(true);
      await waitFor(() => expect(first.calls).toHaveLength(2));

      act(() => client.config.onStompError({ headers: { message: reason } }));
      expect(client.deactivated).toBe(false);
      expect(client.forceDisconnects).toBe(1);
      expect(result.current.connected).toBe(false);
      expect(result.current.refused).toBe(false);
      expect(result.current.error).toBeNull();

      // stompjs comes back after the 5 s delay: connected again, and what was missed is loaded.
      const { calls } = mockFetch({
        'GET /api/rooms/5/newerMessage?messageId=1&limit=100': { body: [message(2)] },
      });
      act(() => client.open());
      expect(result.current.connected).toBe(true);
      await waitFor(() => expect(ids(result.current.messages)).toEqual([1, 2]));
      expect(calls.map((call) => call.url)).toEqual([
        '/api/rooms/5/newerMessage?messageId=1&limit=100',
      ]);
      error.mockRestore();
    },
  );

  it.each([ALREADY_SUBSCRIBED_ERROR, TOO_MANY_SUBSCRIPTIONS_ERROR])(
    'keeps the connection on a refused SUBSCRIBE (%s)',
    async (reason) => {
      mockFetch({ 'GET /api/rooms/5/recentMessage?limit=20': { body: [message(1)] } });
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const { result } = renderHook(() => useChatRoom(5));
      await waitFor(() => expect(result.current.loading).toBe(false));
      const client = await clientReady();
      mockFetch({ 'GET /api/rooms/5/newerMessage?messageId=1&limit=100': { body: [] } });
      act(() => client.open());
      act(() => client.config.onStompError({ headers: { message: reason } }));
      expect(client.forceDisconnects).toBe(0);
      expect(client.deactivated).toBe(false);
      expect(result.current.connected).toBe(true);
      expect(result.current.refused).toBe(false);
      error.mockRestore();
    },
  );

  it('gives up the live link when the history says the room is not ours (404)', async () => {
    mockFetch({ 'GET /api/rooms/5/recentMessage?limit=20': { status: 404, body: null } });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = renderHook(() => useChatRoom(5));
    await waitFor(() => expect(result.current.error).not.toBeNull());
    await waitFor(() => expect(FakeClient.instances.length).toBe(1));
    const client = FakeClient.instances[0];
    // Never activated, or deactivated as soon as the 404 arrived (the libraries load in parallel).
    await waitFor(() => expect(!client.activated || client.deactivated).toBe(true));
    expect(result.current.connected).toBe(false);
    expect(result.current.refused).toBe(true);
    error.mockRestore();
  });

  it('starts from the messages the server rendered: no history request, catch-up on connect', async () => {
    const { calls } = mockFetch({
      'GET /api/rooms/5/newerMessage?messageId=2&limit=100': { body: [message(3)] },
      'GET /api/rooms/5/olderMessage?messageId=1': { body: [] },
    });
    const start = { refused: false as const, messages: [message(1), message(2)] };
    const { result } = renderHook(() => useChatRoom(5, start));
    // The first render (the one hydrating the server's HTML) already holds them.
    expect(result.current.loading).toBe(false);
    expect(ids(result.current.messages)).toEqual([1, 2]);
    const client = await clientReady();
    expect(calls).toEqual([]);
    // What was sent between the server's render and the connection comes with the first connect.
    act(() => client.open());
    await waitFor(() => expect(ids(result.current.messages)).toEqual([1, 2, 3]));
    act(() => client.deliver(message(4)));
    expect(ids(result.current.messages)).toEqual([1, 2, 3, 4]);
    await act(() => result.current.loadOlder());
    expect(result.current.noEarlier).toBe(true);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/rooms/5/newerMessage?messageId=2&limit=100',
      '/api/rooms/5/olderMessage?messageId=1',
    ]);
  });

  it('a server start of an empty room catches up with the latest on connect', async () => {
    const { calls } = mockFetch({
      'GET /api/rooms/5/recentMessage?limit=20': { body: [message(1)] },
    });
    const { result } = renderHook(() => useChatRoom(5, { refused: false, messages: [] }));
    const client = await clientReady();
    expect(calls).toEqual([]);
    act(() => client.open());
    await waitFor(() => expect(ids(result.current.messages)).toEqual([1]));
  });

  it('a server start that refused the member never connects; reload starts from scratch', async () => {
    const { calls } = mockFetch({
      'GET /api/rooms/5/recentMessage?limit=20': { body: [message(7)] },
    });
    const { result } = renderHook(() => useChatRoom(5, { refused: true }));
    expect(result.current.refused).toBe(true);
    expect(result.current.loading).toBe(false);
    expect(result.current.error).toBeNull();
    expect(result.current.connected).toBe(false);
    // Give the (never started) libraries a chance to load: no client, no request.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(FakeClient.instances).toEqual([]);
    expect(calls).toEqual([]);
    act(() => result.current.reload());
    expect(result.current.refused).toBe(false);
    await waitFor(() => expect(ids(result.current.messages)).toEqual([7]));
    await clientReady();
  });

  it('the server start belongs to its room: another room loads its own history', async () => {
    mockFetch({ 'GET /api/rooms/6/recentMessage?limit=20': { body: [message(9)] } });
    const start = { refused: false as const, messages: [message(1)] };
    const { result, rerender } = renderHook(({ id }) => useChatRoom(id, start), {
      initialProps: { id: 5 },
    });
    expect(ids(result.current.messages)).toEqual([1]);
    rerender({ id: 6 });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(ids(result.current.messages)).toEqual([9]));
  });

  it('renews the session through the BFF before every (re)connect', async () => {
    const { calls } = mockFetch({
      'GET /api/rooms/5/recentMessage?limit=20': { body: [] },
      'GET /api/login/check': { body: { check: true, id: 1, name: 'a', picture: null } },
    });
    renderHook(() => useChatRoom(5));
    const client = await clientReady();
    await client.config.beforeConnect();
    expect(calls.some((call) => call.url === '/api/login/check')).toBe(true);
  });

  it('ends the browser session when the server closes with “session ended” and the check agrees', async () => {
    mockFetch({
      'GET /api/rooms/5/recentMessage?limit=20': { body: [] },
      'GET /api/login/check': { body: { check: false } },
    });
    const unauthorized = jest.fn();
    window.addEventListener('auth:unauthorized', unauthorized);
    try {
      renderHook(() => useChatRoom(5));
      const client = await clientReady();
      act(() => client.open());
      act(() => client.drop({ code: 4001, reason: 'Session expired' }));
      act(() => client.drop({ code: 1006, reason: 'Connection dropped' }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unauthorized).not.toHaveBeenCalled();
      expect(client.deactivated).toBe(false);
      act(() => client.drop({ code: 4002, reason: 'Session ended' }));
      await waitFor(() => expect(unauthorized).toHaveBeenCalledTimes(1));
      expect(client.deactivated).toBe(true);
    } finally {
      window.removeEventListener('auth:unauthorized', unauthorized);
    }
  });

  it('keeps reconnecting after “session ended” when the member is signed in again', async () => {
    mockFetch({
      'GET /api/rooms/5/recentMessage?limit=20': { body: [] },
      'GET /api/login/check': { body: { check: true, id: 1, name: 'a', picture: null } },
    });
    const unauthorized = jest.fn();
    window.addEventListener('auth:unauthorized', unauthorized);
    try {
      renderHook(() => useChatRoom(5));
      const client = await clientReady();
      act(() => client.open());
      act(() => client.drop({ code: 4002, reason: 'Session ended' }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unauthorized).not.toHaveBeenCalled();
      expect(client.deactivated).toBe(false);
    } finally {
      window.removeEventListener('auth:unauthorized', unauthorized);
    }
  });
  describe('CHAT_URL on another origin (Vercel)', () => {
    const ticketRoutes = (tickets: string[]) => ({
      'GET /api/rooms/5/recentMessage?limit=20': { body: [] },
      'GET /api/login/check': { body: { check: true, id: 1, name: 'a', picture: null } },
      'POST /api/chat/ticket': () => {
        const ticket = tickets.shift();
        return ticket
          ? { body: { ticket, expiresAt: '2026-12-01T12:01:00.000Z' } }
          : {
              status: 500,
              body: { code: '500', message: 'x', data: null, timestamp: 't', path: null },
            };
      },
    });

    it('mints a fresh ticket through the BFF before every (re)connect and puts it in CONNECT', async () => {
      const { calls } = mockFetch(ticketRoutes(['first-ticket', 'second-ticket']));
      renderHook(() => useChatRoom(5), { wrapper: withChatUrl('http://127.0.0.1:8280') });
      const client = await clientReady();
      await nativeBlocked(client);
      expect(nativeSockets.map((socket) => socket.url)).toEqual([
        'ws://127.0.0.1:8280/chat/websocket',
      ]);
      expect(sockJsUrls).toEqual(['http://127.0.0.1:8280/chat']);
      expect(sockJsOptions).toEqual([{ sessionId: 32 }]);
      // The SockJS connect's ticket (minted before it, in nativeBlocked).
      expect(client.connectHeaders).toEqual({ ticket: 'first-ticket' });
      // A reconnect never sends the used ticket again.
      await client.config.beforeConnect();
      expect(client.connectHeaders).toEqual({ ticket: 'second-ticket' });
      const minted = calls.filter((call) => call.url === '/api/chat/ticket');
      expect(minted.map((call) => call.method)).toEqual(['POST', 'POST']);
    });

    it('a failed mint sends no ticket (the server refuses, the client retries) and does not throw', async () => {
      mockFetch(ticketRoutes(['only-ticket']));
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        renderHook(() => useChatRoom(5), { wrapper: withChatUrl('https://api.example.test') });
        const client = await clientReady();
        await client.config.beforeConnect();
        expect(client.connectHeaders).toEqual({ ticket: 'only-ticket' });
        await expect(client.config.beforeConnect()).resolves.toBeUndefined();
        expect(client.connectHeaders).toEqual({});
        // The refusal is an ordinary ERROR: the link drops and stompjs reconnects in 5 s.
        act(() => client.config.onStompError({ headers: { message: 'ticket required' } }));
        expect(client.forceDisconnects).toBe(1);
        expect(client.deactivated).toBe(false);
      } finally {
        error.mockRestore();
      }
    });

    it('keeps the cookie on the same origin: no ticket, whether CHAT_URL is unset or the page itself', async () => {
      for (const chatUrl of ['', window.location.origin]) {
        FakeClient.instances = [];
        const { calls } = mockFetch(ticketRoutes(['unused']));
        const { unmount } = renderHook(() => useChatRoom(5), { wrapper: withChatUrl(chatUrl) });
        const client = await clientReady();
        await nativeBlocked(client);
        await client.config.beforeConnect();
        expect(client.connectHeaders).toBeUndefined();
        expect(calls.some((call) => call.url === '/api/chat/ticket')).toBe(false);
        expect(calls.some((call) => call.url === '/api/login/check')).toBe(true);
        unmount();
      }
      expect(sockJsOptions).toEqual([undefined, undefined]);
    });
  });
});
