import { ApiError } from '@/lib/api/errors';
import type { ChatMessage } from '@/lib/contract/chat';
import { NOT_A_MEMBER_ERROR } from '@/lib/shared/chat/stomp-refusal';

import { parseBroadcastFrame } from './broadcast';
import {
  type ChatLinkStatus,
  type ChatRoomApi,
  type ChatRoomStart,
  type ChatStompClient,
  type ChatStompConfig,
  createChatRoomStore,
} from './chat-room-store';

/** A socket as the store's factory built it; the fake client opens and drops it. */
interface FakeSocket {
  url: string;
  options: unknown;
}

/**
 * stompjs's Client as far as the store can tell: activate runs beforeConnect and builds a socket
 * (the test then opens it, the server accepting CONNECT, or drops it); a socket that closes while
 * active brings a new one after `reconnectDelay` (a real timer: the tests fake them); deactivate
 * cancels that and closes the socket.
 */
class FakeStomp implements ChatStompClient {
  connectHeaders: Record<string, string> = {};
  connected = false;
  active = false;
  deactivations = 0;
  forceDisconnects = 0;
  socket: FakeSocket | null = null;
  sockets: FakeSocket[] = [];
  /** The current connection's subscriptions (a new connection starts with none). */
  subscriptions: { destination: string; callback: (frame: { body: string }) => void }[] = [];
  published: { destination: string; body: string; headers: Record<string, string> }[] = [];
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly config: ChatStompConfig) {}

  activate() {
    this.active = true;
    void this.attempt();
  }
  private async attempt() {
    await this.config.beforeConnect();
    if (!this.active) return;
    this.socket = this.config.webSocketFactory() as FakeSocket;
    this.sockets.push(this.socket);
  }
  async deactivate() {
    this.deactivations += 1;
    this.active = false;
    clearTimeout(this.reconnectTimer);
    if (this.socket) this.drop();
  }
  forceDisconnect() {
    this.forceDisconnects += 1;
    if (this.socket) this.drop();
  }
  subscribe(destination: string, callback: (frame: { body: string }) => void) {
    this.subscriptions.push({ destination, callback });
  }
  publish(frame: { destination: string; body: string; headers: Record<string, string> }) {
    this.published.push(frame);
  }
  watchForReceipt() {}

  /** The server accepts CONNECT on the current socket. */
  open() {
    if (!this.socket) throw new Error('no socket to open');
    this.connected = true;
    this.subscriptions = [];
    this.config.onConnect();
  }
  /** The socket closes; while active, stompjs schedules the next attempt. */
  drop(event?: { code: number; reason: string }) {
    this.connected = false;
    this.socket = null;
    this.config.onWebSocketClose(event);
    if (this.active) {
      this.reconnectTimer = setTimeout(() => void this.attempt(), this.config.reconnectDelay);
    }
  }
  deliver(message: ChatMessage) {
    const frame = { headers: {}, body: message, statusCode: 'OK', statusCodeValue: 200 };
    for (const subscription of this.subscriptions)
      subscription.callback({ body: JSON.stringify(frame) });
  }
}

function message(messageId: number): ChatMessage {
  return {
    messageId,
    message: `m${messageId}`,
    member: { id: 2, name: '이서연', picture: null },
    createdDate: '2025-07-19T14:03:27.123',
  };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => message(from + index));
const ids = (list: readonly ChatMessage[]) => list.map((item) => item.messageId);

/** A promise the test settles by hand, to look at the store while a request is on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** The backend's history as the fake API serves it: `server` holds the room's messages. */
function fakeApi(server: ChatMessage[]) {
  return {
    fetchRecentMessages: jest.fn(async () => server.slice(-20)),
    fetchOlderMessages: jest.fn(async (_roomId: number, before: number) =>
      server.filter((item) => item.messageId < before).slice(-3),
    ),
    fetchNewerMessages: jest.fn(async (_roomId: number, after: number, limit: number) =>
      server.filter((item) => item.messageId > after).slice(0, limit),
    ),
    loginCheck: jest.fn(async () => ({ check: true })),
    createChatTicket: jest.fn(async () => ({ ticket: 'ticket' })),
  } satisfies ChatRoomApi;
}

function setup(options: { start?: ChatRoomStart; server?: ChatMessage[]; chatUrl?: string } = {}) {
  const server = options.server ?? [];
  const api = fakeApi(server);
  const clients: FakeStomp[] = [];
  const endSession = jest.fn();
  const loadFallback = jest.fn(async () => undefined);
  const loadTransport = jest.fn(async () => ({
    createClient: (config: ChatStompConfig) => {
      const client = new FakeStomp(config);
      clients.push(client);
      return client;
    },
    loadFallback,
    createSocket: (url: string, socketOptions: unknown): FakeSocket => ({
      url,
      options: socketOptions,
    }),
    createNativeSocket: (url: string): FakeSocket => ({ url, options: 'native' }),
    parseFrame: parseBroadcastFrame,
  }));
  const store = createChatRoomStore(5, options.start, {
    chatUrl: options.chatUrl ?? '',
    pageOrigin: () => 'http://localhost',
    loadTransport,
    loadApi: async () => api,
    endSession,
  });
  /** Every status the listeners were told of, one entry per change. */
  const statuses: ChatLinkStatus[] = [];
  store.subscribe(() => {
    const { status } = store.getSnapshot();
    if (statuses.at(-1) !== status) statuses.push(status);
  });
  return { store, server, api, clients, endSession, loadTransport, loadFallback, statuses };
}

/** Lets every pending promise (imports, requests, beforeConnect) run; no time passes. */
const settle = () => jest.advanceTimersByTimeAsync(0);

/** Connects and opens the first link: the history loaded, the catch-up done. */
async function connected(options: Parameters<typeof setup>[0] = {}) {
  const room = setup(options);
  room.store.connect();
  await settle();
  const client = room.clients[0];
  client.open();
  await settle();
  return { ...room, client };
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('createChatRoomStore', () => {
  it('connects nothing until connect(); then loads the history and opens the native link at /chat/websocket', async () => {
    const { store, clients, loadTransport, api } = setup({ server: range(1, 2) });
    await settle();
    expect(loadTransport).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toMatchObject({ status: 'connecting', loading: true });

    store.connect();
    await settle();
    expect(store.getSnapshot()).toMatchObject({ status: 'connecting', loading: false });
    expect(ids(store.getSnapshot().messages)).toEqual([1, 2]);
    expect(api.fetchRecentMessages).toHaveBeenCalledWith(5);
    expect(clients).toHaveLength(1);
    expect(clients[0].config).toMatchObject({
      reconnectDelay: 5000,
      heartbeatIncoming: 4000,
      heartbeatOutgoing: 4000,
    });
    expect(clients[0].sockets).toEqual([
      { url: 'ws://localhost/chat/websocket', options: 'native' },
    ]);
    // Same origin: the cookie goes with the handshake, the BFF call only renews it.
    expect(api.loginCheck).toHaveBeenCalledTimes(1);
    expect(api.createChatTicket).not.toHaveBeenCalled();
  });

  it('on another origin mints a fresh ticket for every CONNECT (native at wss://…/chat/websocket)', async () => {
    const { store, clients, api } = setup({ chatUrl: 'https://chat.example.test' });
    api.createChatTicket
      .mockResolvedValueOnce({ ticket: 'first' })
      .mockResolvedValueOnce({ ticket: 'second' });
    store.connect();
    await settle();
    const [client] = clients;
    expect(client.sockets).toEqual([
      { url: 'wss://chat.example.test/chat/websocket', options: 'native' },
    ]);
    expect(client.connectHeaders).toEqual({ ticket: 'first' });
    client.open();
    client.drop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(client.connectHeaders).toEqual({ ticket: 'second' });
    // A failed mint sends no ticket (the server refuses that CONNECT; stompjs retries).
    api.createChatTicket.mockRejectedValueOnce(new Error('down'));
    client.open();
    client.drop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(client.connectHeaders).toEqual({});
    expect(client.sockets).toHaveLength(3);
  });

  it('falls back to SockJS at once when the native socket closes before CONNECTED, and stays on it', async () => {
    const { store, clients, api, loadFallback } = setup({ chatUrl: 'https://chat.example.test' });
    store.connect();
    await settle();
    const [client] = clients;
    // SockJS is not loaded while the native socket may work (it would add an unload listener).
    expect(loadFallback).not.toHaveBeenCalled();
    // Blocked on the way: the native socket closes without ever reaching CONNECTED.
    client.drop({ code: 1006, reason: '' });
    await jest.advanceTimersByTimeAsync(300);
    expect(loadFallback).toHaveBeenCalled();
    expect(client.sockets.map((socket) => socket.options)).toEqual(['native', { sessionId: 32 }]);
    expect(client.sockets[1].url).toBe('https://chat.example.test/chat');
    expect(api.createChatTicket).toHaveBeenCalledTimes(2);
    client.open();
    expect(store.getSnapshot().status).toBe('connected');
    // SockJS worked: a later drop reconnects over SockJS again, after the usual 5 s.
    client.drop({ code: 1006, reason: '' });
    await jest.advanceTimersByTimeAsync(4999);
    expect(client.sockets).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(client.sockets.map((socket) => socket.options)).toEqual([
      'native',
      { sessionId: 32 },
      { sessionId: 32 },
    ]);
    // SockJS fails too (the server is down, not the network): native is tried first again.
    client.drop({ code: 1006, reason: '' });
    await jest.advanceTimersByTimeAsync(5000);
    expect(client.sockets.at(-1)?.options).toBe('native');
  });

  it('tries native again when SockJS itself cannot be loaded', async () => {
    const { store, clients, loadFallback } = setup();
    loadFallback.mockRejectedValueOnce(new Error('ChunkLoadError'));
    store.connect();
    await settle();
    const [client] = clients;
    client.drop({ code: 1006, reason: '' });
    await jest.advanceTimersByTimeAsync(300);
    expect(loadFallback).toHaveBeenCalledTimes(1);
    expect(client.sockets.map((socket) => socket.options)).toEqual(['native', 'native']);
  });

  it('suspend drops the socket at once and keeps what it held; resume reconnects and catches up', async () => {
    const { store, client, server } = await connected({ server: range(1, 2) });
    client.deliver(message(3));
    const held = store.getSnapshot().messages;
    store.suspend();
    await settle();
    expect(client.deactivations).toBe(1);
    expect(client.socket).toBeNull();
    expect(store.getSnapshot().messages).toBe(held);
    // Frozen in the cache: no reconnect of its own, and no switch to SockJS.
    await jest.advanceTimersByTimeAsync(10_000);
    expect(client.sockets).toHaveLength(1);
    server.push(message(3), message(4));
    store.resume();
    await settle();
    expect(client.sockets.map((socket) => socket.options)).toEqual(['native', 'native']);
    client.open();
    await settle();
    expect(store.getSnapshot().status).toBe('connected');
    expect(ids(store.getSnapshot().messages)).toEqual([1, 2, 3, 4]);
  });

  it('after a drop reconnects in 5 s, subscribes again and catches up, keeping what it held', async () => {
    const { store, client, server, api, statuses } = await connected({ server: range(1, 2) });
    expect(store.getSnapshot().status).toBe('connected');
    expect(client.subscriptions.map((item) => item.destination)).toEqual(['/topic/public/rooms/5']);
    client.deliver(message(3));
    const held = store.getSnapshot().messages;
    expect(ids(held)).toEqual([1, 2, 3]);

    // The link drops; two messages are sent while it is down.
    client.drop({ code: 1006, reason: 'Connection dropped' });
    server.push(message(3), message(4), message(5));
    expect(store.getSnapshot().status).toBe('reconnecting');
    expect(store.getSnapshot().messages).toBe(held);

    await jest.advanceTimersByTimeAsync(4999);
    expect(client.sockets).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    // stompjs made a new socket (after renewing the session); CONNECT is not answered yet.
    expect(client.sockets).toHaveLength(2);
    expect(api.loginCheck).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot().status).toBe('reconnecting');
    expect(store.getSnapshot().messages).toBe(held);

    api.fetchNewerMessages.mockClear();
    client.open();
    expect(store.getSnapshot().status).toBe('connected');
    expect(client.subscriptions.map((item) => item.destination)).toEqual(['/topic/public/rooms/5']);
    await settle();
    expect(api.fetchNewerMessages).toHaveBeenCalledWith(5, 3, 100);
    expect(ids(store.getSnapshot().messages)).toEqual([1, 2, 3, 4, 5]);
    // Live frames reach the new subscription.
    client.deliver(message(6));
    expect(ids(store.getSnapshot().messages)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
  });

  it('a broker ERROR other than “not a member” ends the connection like a drop', async () => {
    const { store, client } = await connected({ server: range(1, 1) });
    client.config.onStompError({ headers: { message: 'too many messages' } });
    expect(client.forceDisconnects).toBe(1);
    expect(client.active).toBe(true);
    expect(store.getSnapshot().status).toBe('reconnecting');
    await jest.advanceTimersByTimeAsync(5000);
    client.open();
    expect(store.getSnapshot().status).toBe('connected');
  });

  it('pages older history: prepends each batch once, and stops when the backend has no more', async () => {
    const { store, api } = setup({ server: range(1, 10).slice(5) });
    store.connect();
    await settle();
    expect(ids(store.getSnapshot().messages)).toEqual([6, 7, 8, 9, 10]);

    // The backend's page overlaps what is held (6 again): no duplicate.
    const page = deferred<ChatMessage[]>();
    api.fetchOlderMessages.mockReturnValueOnce(page.promise);
    const loading = store.loadOlder();
    expect(store.getSnapshot().loadingOlder).toBe(true);
    // One request at a time.
    await store.loadOlder();
    expect(api.fetchOlderMessages).toHaveBeenCalledTimes(1);
    page.resolve(range(3, 6));
    await loading;
    expect(ids(store.getSnapshot().messages)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(store.getSnapshot()).toMatchObject({ loadingOlder: false, noEarlier: false });

    api.fetchOlderMessages.mockResolvedValueOnce(range(1, 2));
    await store.loadOlder();
    expect(api.fetchOlderMessages).toHaveBeenLastCalledWith(5, 3);
    expect(ids(store.getSnapshot().messages)).toEqual(range(1, 10).map((item) => item.messageId));

    api.fetchOlderMessages.mockResolvedValueOnce([]);
    await store.loadOlder();
    expect(api.fetchOlderMessages).toHaveBeenLastCalledWith(5, 1);
    expect(store.getSnapshot()).toMatchObject({ loadingOlder: false, noEarlier: true });
    const exhausted = store.getSnapshot();

    // The end is the end: no further request, nothing changes.
    await store.loadOlder();
    expect(api.fetchOlderMessages).toHaveBeenCalledTimes(3);
    expect(store.getSnapshot()).toBe(exhausted);
  });

  it('a failed older batch is logged and may be tried again', async () => {
    const { store, api } = setup({ start: { refused: false, messages: range(5, 6) } });
    api.fetchOlderMessages.mockRejectedValueOnce(new Error('offline'));
    await store.loadOlder();
    expect(store.getSnapshot()).toMatchObject({ loadingOlder: false, noEarlier: false });
    expect(ids(store.getSnapshot().messages)).toEqual([5, 6]);
    await store.loadOlder();
    expect(ids(store.getSnapshot().messages)).toEqual([5, 6]);
    expect(api.fetchOlderMessages).toHaveBeenCalledTimes(2);
  });

  it('a new snapshot only on a change: a duplicate frame tells nobody', async () => {
    const { store, client } = await connected({ server: range(1, 2) });
    const listener = jest.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();
    expect(Object.isFrozen(before)).toBe(true);
    expect(store.getSnapshot()).toBe(before);
    client.deliver(message(2));
    expect(store.getSnapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    client.deliver(message(3));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(before);
    expect(ids(before.messages)).toEqual([1, 2]);
  });

  it('sends trimmed text with a receipt only while connected', async () => {
    const { store, client } = await connected({ server: range(1, 1) });
    expect(store.send('   ')).toBe(false);
    expect(store.send(' 안녕 ')).toBe(true);
    expect(client.published).toEqual([
      {
        destination: '/app/chat/rooms/5/send',
        body: '"안녕"',
        headers: { receipt: expect.stringMatching(/^send-\d+$/) },
      },
    ]);
    client.drop();
    expect(store.send('또')).toBe(false);
    expect(client.published).toHaveLength(1);
  });

  it('stops for good when the broker says the member is not in the room', async () => {
    const { store, client, statuses } = await connected({ server: range(1, 1) });
    client.config.onStompError({ headers: { message: NOT_A_MEMBER_ERROR } });
    expect(client.forceDisconnects).toBe(0);
    expect(client.deactivations).toBe(1);
    expect(store.getSnapshot()).toMatchObject({ status: 'refused', error: null });
    expect(ids(store.getSnapshot().messages)).toEqual([1]);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(client.sockets).toHaveLength(1);
    expect(jest.getTimerCount()).toBe(0);
    expect(statuses).toEqual(['connecting', 'connected', 'refused']);
    // Closed and connected again (React's strict effects): still refused, no new client.
    store.close();
    store.connect();
    await settle();
    expect(store.getSnapshot().status).toBe('refused');
  });

  it('a history 404 refuses: the client is never activated', async () => {
    const { store, api, clients } = setup();
    const notFound = new ApiError({
      kind: 'http',
      status: 404,
      message: 'nf',
      url: '/api/rooms/5/recentMessage',
      method: 'GET',
    });
    api.fetchRecentMessages.mockRejectedValueOnce(notFound);
    store.connect();
    await settle();
    expect(store.getSnapshot()).toMatchObject({
      status: 'refused',
      loading: false,
      error: notFound,
    });
    expect(clients.every((client) => !client.active)).toBe(true);
  });

  it('a server start that refused never loads the transport; retry starts from scratch', async () => {
    const { store, loadTransport, api, clients } = setup({
      start: { refused: true },
      server: range(7, 7),
    });
    store.connect();
    await settle();
    expect(store.getSnapshot()).toMatchObject({ status: 'refused', loading: false });
    expect(loadTransport).not.toHaveBeenCalled();
    expect(api.fetchRecentMessages).not.toHaveBeenCalled();

    store.retry();
    expect(store.getSnapshot()).toMatchObject({ status: 'connecting', loading: true });
    await settle();
    expect(ids(store.getSnapshot().messages)).toEqual([7]);
    expect(clients).toHaveLength(1);
    expect(clients[0].active).toBe(true);
  });

  it('starts from the server’s messages: no history request, catch-up on the first connect', async () => {
    const { store, api, clients } = setup({
      start: { refused: false, messages: range(1, 2) },
      server: range(1, 3),
    });
    expect(store.getSnapshot()).toMatchObject({ loading: false });
    store.connect();
    await settle();
    expect(api.fetchRecentMessages).not.toHaveBeenCalled();
    clients[0].open();
    await settle();
    expect(api.fetchNewerMessages).toHaveBeenCalledWith(5, 2, 100);
    expect(ids(store.getSnapshot().messages)).toEqual([1, 2, 3]);
  });

  it('ends the browser session when the server ends it and the login check agrees', async () => {
    const { store, client, api, endSession } = await connected();
    api.loginCheck.mockResolvedValueOnce({ check: false });
    client.drop({ code: 4002, reason: 'Session ended' });
    await settle();
    expect(endSession).toHaveBeenCalledTimes(1);
    expect(client.active).toBe(false);
    expect(store.getSnapshot().status).toBe('closed');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(client.sockets).toHaveLength(1);
  });

  it('close() deactivates the client and cancels the pending reconnect', async () => {
    const { store, client } = await connected({ server: range(1, 1) });
    client.drop();
    expect(jest.getTimerCount()).toBe(1);
    store.close();
    expect(client.deactivations).toBe(1);
    expect(client.active).toBe(false);
    expect(jest.getTimerCount()).toBe(0);
    expect(store.getSnapshot().status).toBe('closed');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(client.sockets).toHaveLength(1);
  });

  it('answers that arrive after close() change nothing', async () => {
    const { store, api, loadTransport } = setup({ server: range(5, 6) });
    const recent = deferred<ChatMessage[]>();
    api.fetchRecentMessages.mockReturnValueOnce(recent.promise);
    store.connect();
    store.close();
    const closed = store.getSnapshot();
    const listener = jest.fn();
    store.subscribe(listener);
    recent.resolve(range(5, 6));
    await settle();
    expect(store.getSnapshot()).toBe(closed);
    expect(listener).not.toHaveBeenCalled();
    // The transport had been asked for; a client built from it would never be activated.
    expect(loadTransport).toHaveBeenCalledTimes(1);
  });

  it('an older batch of an ended session is dropped', async () => {
    const { store, api } = setup({ start: { refused: false, messages: range(5, 6) } });
    store.connect();
    await settle();
    const older = deferred<ChatMessage[]>();
    api.fetchOlderMessages.mockReturnValueOnce(older.promise);
    const loading = store.loadOlder();
    await settle();
    store.retry();
    older.resolve(range(1, 4));
    await loading;
    expect(store.getSnapshot()).toMatchObject({ loadingOlder: false, noEarlier: false });
    expect(ids(store.getSnapshot().messages)).not.toContain(1);
  });
});
