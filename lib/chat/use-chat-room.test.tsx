import { act, renderHook, waitFor } from '@testing-library/react';
import { mockFetch } from '@/components/workout/test-helpers';
import { resetSessionBridge, setSessionSnapshot } from '@/lib/api/session-bridge';
import type { ChatMessage } from '@/lib/contract/chat';
import {
  ALREADY_SUBSCRIBED_ERROR,
  NOT_A_MEMBER_ERROR,
  TOO_MANY_SUBSCRIPTIONS_ERROR,
} from './stomp-refusal';
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
  connected = false;
  activated = false;
  deactivated = false;
  subscriptions: { destination: string; callback: (frame: { body: string }) => void }[] = [];
  published: { destination: string; body: string }[] = [];
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
  publish(frame: { destination: string; body: string }) {
    this.published.push(frame);
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
jest.mock('@stomp/stompjs', () => ({ Client: FakeClient }));
jest.mock('sockjs-client', () => ({
  __esModule: true,
  default: jest.fn((url: string) => {
    sockJsUrls.push(url);
    return {};
  }),
}));

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
  resetSessionBridge();
  setSessionSnapshot({ isAuthenticated: true, needTokenRefresh: false });
});

describe('useChatRoom', () => {
  it('loads the latest 20, connects over SockJS at /chat, and appends live messages once', async () => {
    mockFetch({ 'GET /api/rooms/5/recentMessage?limit=20': { body: [message(1), message(2)] } });
    const { result } = renderHook(() => useChatRoom(5));
    expect(result.current.loading).toBe(true);
    expect(result.current.connected).toBe(false);
    await waitFor(() => expect(ids(result.current.messages)).toEqual([1, 2]));
    const client = await clientReady();
    expect(client.config).toMatchObject({
      reconnectDelay: 5000,
      heartbeatIncoming: 4000,
      heartbeatOutgoing: 4000,
    });
    client.config.webSocketFactory();
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
      { destination: '/app/chat/rooms/5/send', body: '"안녕 \\"친구\\""' },
    ]);
    warn.mockRestore();
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
});
