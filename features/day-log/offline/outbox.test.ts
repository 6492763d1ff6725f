import { ApiError, type ApiErrorKind } from '@/lib/api/errors';
import { messages } from '@/lib/i18n/messages';

import type { DayOp, IdMap } from './day-ops';
import {
  createOutbox,
  LocalRefusal,
  type OutboxDependencies,
  overlayOpsOf,
  overlayOpsOfMonth,
  pendingCount,
  type QueuedChange,
  type SendResult,
  verdictOf,
} from './outbox';
import { memoryOutboxStorage, type StoredChange } from './outbox-db';

const NOW = 1_700_000_000_000;

function apiError(kind: ApiErrorKind, status = 0, message = `failed ${status}`): ApiError {
  return new ApiError({ kind, status, message, url: '/api/x', method: 'POST' });
}

const networkError = () => apiError('network', 0, 'Failed to fetch');

function check(date: string, checked = true): DayOp {
  return { kind: 'check', date, todayId: 7, checked };
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise chain (and a drain started from one) run. */
async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Timers the outbox schedules, run by `advance` instead of the clock. */
function fakeTimers() {
  let nextHandle = 1;
  let elapsed = 0;
  const pending = new Map<number, { run: () => void; at: number }>();
  const delays: number[] = [];
  return {
    delays,
    pending,
    setTimer: (run: () => void, ms: number) => {
      delays.push(ms);
      const handle = nextHandle++;
      pending.set(handle, { run, at: elapsed + ms });
      return handle;
    },
    clearTimer: (handle: unknown) => {
      pending.delete(handle as number);
    },
    async advance(ms: number) {
      elapsed += ms;
      for (const [handle, timer] of [...pending]) {
        if (timer.at <= elapsed) {
          pending.delete(handle);
          timer.run();
        }
      }
      await flush();
    },
  };
}

function setup(options: { online?: boolean; clock?: { now: number } } = {}) {
  const storage = memoryOutboxStorage();
  const timers = fakeTimers();
  const state = { online: options.online ?? true };
  let keys = 0;
  const send = jest.fn<Promise<SendResult>, [QueuedChange, IdMap]>(async () => ({ ids: [] }));
  const refresh = jest.fn<Promise<readonly string[]>, [readonly string[]]>(async (dates) => dates);
  const deps: OutboxDependencies = {
    storage,
    send,
    refresh,
    isBrowserOnline: () => state.online,
    now: () => options.clock?.now ?? NOW,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
    newKey: () => `key-${++keys}`,
  };
  const outbox = createOutbox(deps);
  return {
    outbox,
    storage,
    timers,
    send,
    refresh,
    state,
    /** The browser's online state and the event the app forwards. */
    goOnline() {
      state.online = true;
      outbox.setBrowserOnline(true);
    },
    goOffline() {
      state.online = false;
      outbox.setBrowserOnline(false);
    },
    states: () => outbox.getSnapshot().changes.map((change) => change.state),
    dates: () => outbox.getSnapshot().changes.map((change) => change.op.date),
  };
}

async function stored(storage: ReturnType<typeof memoryOutboxStorage>) {
  return (await storage.loadChanges()).map((change) => change.op.date);
}

describe('createOutbox', () => {
  it('starts empty, with the browser online state', () => {
    const { outbox } = setup({ online: false });
    expect(outbox.getSnapshot()).toMatchObject({
      memberId: null,
      changes: [],
      online: false,
      syncing: false,
      syncedAt: null,
    });
    expect(outbox.getSnapshot().ids.size).toBe(0);
  });

  it('refuses a change while nobody is signed in', async () => {
    const { outbox, send } = setup();
    await expect(outbox.submit(check('2026-11-25'), '완료')).rejects.toBeInstanceOf(LocalRefusal);
    expect(send).not.toHaveBeenCalled();
  });

  describe('a change sent at once', () => {
    it('resolves sent, stays confirmed until its date was read again, then goes', async () => {
      const { outbox, storage, send, refresh } = setup();
      const reading = deferred<readonly string[]>();
      refresh.mockReturnValueOnce(reading.promise);
      await outbox.open(1);

      const op = check('2026-11-25');
      await expect(outbox.submit(op, '11/25 완료 표시')).resolves.toBe('sent');

      expect(send).toHaveBeenCalledTimes(1);
      expect(send.mock.calls[0][0]).toMatchObject({
        key: 'key-1',
        memberId: 1,
        op,
        label: '11/25 완료 표시',
        createdAt: NOW,
      });
      await flush();
      expect(refresh).toHaveBeenCalledWith(['2026-11-25']);
      // Sent but not read yet: still shown, no longer pending, no longer stored.
      expect(outbox.getSnapshot().changes).toEqual([
        expect.objectContaining({ key: 'key-1', state: 'confirmed' }),
      ]);
      expect(overlayOpsOf(outbox.getSnapshot(), '2026-11-25')).toEqual([op]);
      expect(pendingCount(outbox.getSnapshot())).toBe(0);
      expect(await storage.loadChanges()).toEqual([]);
      expect(outbox.getSnapshot().syncedAt).toBeNull();

      reading.resolve(['2026-11-25']);
      await outbox.idle();
      await flush();
      expect(outbox.getSnapshot().changes).toEqual([]);
      expect(outbox.getSnapshot().syncedAt).toBe(NOW);
      expect(outbox.getSnapshot().syncing).toBe(false);
    });

    it('keeps a confirmed change whose date the refresh did not read until a later drain reads it', async () => {
      const { outbox, refresh } = setup();
      refresh.mockResolvedValueOnce([]);
      await outbox.open(1);
      const op = check('2026-11-25');
      await expect(outbox.submit(op, '완료')).resolves.toBe('sent');
      await flush();
      expect(refresh).toHaveBeenCalledTimes(1);
      expect(outbox.getSnapshot().changes.map((c) => c.state)).toEqual(['confirmed']);
      expect(overlayOpsOf(outbox.getSnapshot(), '2026-11-25')).toEqual([op]);
      expect(overlayOpsOfMonth(outbox.getSnapshot(), '2026-11')).toEqual([op]);

      // A failed read is the same as an unread date.
      refresh.mockRejectedValueOnce(networkError());
      outbox.kick();
      await flush();
      expect(refresh).toHaveBeenCalledTimes(2);
      expect(outbox.getSnapshot().changes.map((c) => c.state)).toEqual(['confirmed']);

      outbox.kick();
      await flush();
      expect(refresh).toHaveBeenLastCalledWith(['2026-11-25']);
      expect(outbox.getSnapshot().changes).toEqual([]);
    });

    it('rejects the caller and drops the change when the server answers a failure', async () => {
      const { outbox, storage, send } = setup();
      await outbox.open(1);
      const error = apiError('http', 500, '서버 오류');
      send.mockRejectedValueOnce(error);
      await expect(outbox.submit(check('2026-11-25'), '완료')).rejects.toBe(error);
      expect(outbox.getSnapshot().changes).toEqual([]);
      expect(await storage.loadChanges()).toEqual([]);
      expect(outbox.getSnapshot().online).toBe(true);

      // The queue goes on: the next change is sent at once.
      await expect(outbox.submit(check('2026-11-26'), '완료')).resolves.toBe('sent');
    });

    it('keeps a change answered 429 queued and sends nothing before its Retry-After', async () => {
      const clock = { now: NOW };
      const { outbox, storage, send, timers } = setup({ clock });
      await outbox.open(1);
      const message = '요청이 너무 많습니다. 30초 후에 다시 시도해주세요.';
      const limited = new ApiError({
        kind: 'http',
        status: 429,
        message,
        url: '/api/x',
        method: 'POST',
        retryAfterSeconds: 30,
      });
      send.mockRejectedValueOnce(limited);
      // Not a refusal: the member's change stays (shown, stored) and goes later.
      await expect(outbox.submit(check('2026-11-25'), '완료')).resolves.toBe('queued');
      expect(outbox.getSnapshot().changes.map((c) => c.state)).toEqual(['waiting']);
      expect(await stored(storage)).toEqual(['2026-11-25']);
      expect(outbox.getSnapshot().notice).toBe(message);
      expect(timers.delays).toEqual([30_000]);

      // Focus, `online` and new changes do not send before the wait is over.
      clock.now += 10_000;
      outbox.kick();
      outbox.setBrowserOnline(true);
      await expect(outbox.submit(check('2026-11-26'), '완료')).resolves.toBe('queued');
      await flush();
      expect(send).toHaveBeenCalledTimes(1);

      clock.now += 20_000;
      await timers.advance(30_000);
      await outbox.idle();
      expect(send).toHaveBeenCalledTimes(3);
      expect(pendingCount(outbox.getSnapshot())).toBe(0);
      expect(outbox.getSnapshot().notice).toBeNull();
    });

    it('retries a replayed change answered 429 after its Retry-After (the growing delay without one)', async () => {
      const { outbox, send, timers, goOnline } = setup({ online: false });
      await outbox.open(1);
      await outbox.submit(check('2026-11-01'), '완료');
      send.mockRejectedValueOnce(
        new ApiError({
          kind: 'http',
          status: 429,
          message: 'HTTP 429',
          url: '/api/x',
          method: 'POST',
          retryAfterSeconds: 120,
        }),
      );
      goOnline();
      await flush();
      expect(timers.delays).toEqual([120_000]);
      // No message of the server's own (a proxy's 429): the general one, with the wait.
      expect(outbox.getSnapshot().notice).toBe('요청이 너무 많습니다. 2분 후에 다시 시도해주세요.');
    });

    it.each([
      ['a 400', apiError('http', 400, '잘못된 요청')],
      ['a 404', apiError('http', 404, '없음')],
      ['a 409', apiError('http', 409, '충돌')],
      ['a LocalRefusal', new LocalRefusal('먼저 한 변경이 저장되지 않아')],
    ])('rejects the caller on %s too', async (_name, error) => {
      const { outbox, storage, send } = setup();
      await outbox.open(1);
      send.mockRejectedValueOnce(error);
      await expect(outbox.submit(check('2026-11-25'), '완료')).rejects.toBe(error);
      expect(outbox.getSnapshot().changes).toEqual([]);
      expect(await storage.loadChanges()).toEqual([]);
    });

    it('turns into a queued change when there is no connection at all', async () => {
      const { outbox, storage, send, timers } = setup();
      await outbox.open(1);
      send.mockRejectedValueOnce(networkError());
      await expect(outbox.submit(check('2026-11-25'), '완료')).resolves.toBe('queued');
      await flush();
      expect(outbox.getSnapshot().changes).toEqual([
        expect.objectContaining({ key: 'key-1', state: 'waiting' }),
      ]);
      expect(outbox.getSnapshot().online).toBe(false);
      expect(pendingCount(outbox.getSnapshot())).toBe(1);
      expect(await stored(storage)).toEqual(['2026-11-25']);
      expect(timers.delays).toEqual([2_000]);

      await timers.advance(2_000);
      expect(send).toHaveBeenCalledTimes(2);
      expect(send.mock.calls[1][0].key).toBe('key-1');
      expect(outbox.getSnapshot().online).toBe(true);
      expect(outbox.getSnapshot().changes).toEqual([]);
    });

    it('queues a change made while an earlier one is being sent, and sends it after', async () => {
      const { outbox, send } = setup();
      await outbox.open(1);
      const first = deferred<SendResult>();
      send.mockReturnValueOnce(first.promise);
      const firstOutcome = outbox.submit(check('2026-11-25'), '첫째');
      await flush();
      await expect(outbox.submit(check('2026-11-26'), '둘째')).resolves.toBe('queued');
      expect(send).toHaveBeenCalledTimes(1);

      first.resolve({ ids: [] });
      await expect(firstOutcome).resolves.toBe('sent');
      await flush();
      expect(send.mock.calls.map(([change]) => change.op.date)).toEqual([
        '2026-11-25',
        '2026-11-26',
      ]);
      expect(outbox.getSnapshot().changes).toEqual([]);
    });
  });

  describe('offline', () => {
    it('resolves queued at once and sends nothing', async () => {
      const { outbox, storage, send, refresh } = setup({ online: false });
      await outbox.open(1);
      await expect(outbox.submit(check('2026-11-25'), '완료')).resolves.toBe('queued');
      await flush();
      expect(send).not.toHaveBeenCalled();
      expect(refresh).not.toHaveBeenCalled();
      expect(outbox.getSnapshot().online).toBe(false);
      expect(outbox.getSnapshot().changes.map((c) => c.state)).toEqual(['waiting']);
      expect(pendingCount(outbox.getSnapshot())).toBe(1);
      expect(await stored(storage)).toEqual(['2026-11-25']);
    });

    it('queues while the browser says online but the last request found no connection', async () => {
      const { outbox, send } = setup();
      await outbox.open(1);
      send.mockRejectedValueOnce(networkError());
      await outbox.submit(check('2026-11-24'), '첫째');
      await flush();
      send.mockClear();
      await expect(outbox.submit(check('2026-11-25'), '둘째')).resolves.toBe('queued');
    });

    it('sends four changes in order, each with its own key, when the browser is online again', async () => {
      const { outbox, storage, send, refresh, goOnline } = setup({ online: false });
      await outbox.open(1);
      const dates = ['2026-11-25', '2026-11-25', '2026-11-26', '2026-12-01'];
      for (const [index, date] of dates.entries()) {
        await expect(outbox.submit(check(date, index % 2 === 0), `변경 ${index}`)).resolves.toBe(
          'queued',
        );
      }
      await flush();
      expect(pendingCount(outbox.getSnapshot())).toBe(4);
      expect(send).not.toHaveBeenCalled();

      let inFlight = 0;
      let most = 0;
      send.mockImplementation(async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await flush();
        inFlight -= 1;
        return { ids: [] };
      });
      goOnline();
      await outbox.idle();
      await flush();

      expect(send.mock.calls.map(([change]) => change.label)).toEqual([
        '변경 0',
        '변경 1',
        '변경 2',
        '변경 3',
      ]);
      expect(send.mock.calls.map(([change]) => change.key)).toEqual([
        'key-1',
        'key-2',
        'key-3',
        'key-4',
      ]);
      expect(most).toBe(1);
      expect(refresh).toHaveBeenCalledTimes(1);
      expect([...refresh.mock.calls[0][0]].sort()).toEqual([
        '2026-11-25',
        '2026-11-26',
        '2026-12-01',
      ]);
      expect(pendingCount(outbox.getSnapshot())).toBe(0);
      expect(outbox.getSnapshot().changes).toEqual([]);
      expect(outbox.getSnapshot().syncedAt).toBe(NOW);
      expect(outbox.getSnapshot().online).toBe(true);
      expect(await storage.loadChanges()).toEqual([]);
    });

    it('stops at a network failure, keeps the rest in order and retries with a growing delay', async () => {
      const { outbox, storage, send, timers, goOnline, state } = setup({ online: false });
      await outbox.open(1);
      for (const date of ['2026-11-01', '2026-11-02', '2026-11-03']) {
        await outbox.submit(check(date), date);
      }
      send
        .mockResolvedValueOnce({ ids: [] })
        .mockRejectedValueOnce(networkError())
        .mockRejectedValueOnce(networkError())
        .mockRejectedValueOnce(networkError());
      goOnline();
      await flush();

      expect(send.mock.calls.map(([change]) => change.op.date)).toEqual([
        '2026-11-01',
        '2026-11-02',
      ]);
      expect(outbox.getSnapshot().online).toBe(false);
      expect(outbox.getSnapshot().changes.map((c) => [c.op.date, c.state])).toEqual([
        ['2026-11-02', 'waiting'],
        ['2026-11-03', 'waiting'],
      ]);
      expect(await stored(storage)).toEqual(['2026-11-02', '2026-11-03']);
      expect(timers.delays).toEqual([2_000]);
      expect(state.online).toBe(true);

      await timers.advance(1_999);
      expect(send).toHaveBeenCalledTimes(2);
      await timers.advance(1);
      expect(send).toHaveBeenCalledTimes(3);
      expect(send.mock.calls[2][0].op.date).toBe('2026-11-02');
      expect(timers.delays).toEqual([2_000, 4_000]);

      await timers.advance(4_000);
      expect(send).toHaveBeenCalledTimes(4);
      expect(timers.delays).toEqual([2_000, 4_000, 8_000]);

      await timers.advance(8_000);
      expect(send.mock.calls.slice(4).map(([change]) => change.op.date)).toEqual([
        '2026-11-02',
        '2026-11-03',
      ]);
      expect(outbox.getSnapshot().online).toBe(true);
      expect(outbox.getSnapshot().changes).toEqual([]);
      expect(timers.pending.size).toBe(0);
    });

    it('caps the delay at a minute and starts over after a success', async () => {
      const { outbox, send, timers } = setup();
      await outbox.open(1);
      send.mockRejectedValue(networkError());
      await outbox.submit(check('2026-11-01'), '완료');
      await flush();
      for (let i = 0; i < 7; i += 1) await timers.advance(timers.delays[timers.delays.length - 1]);
      expect(timers.delays).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);

      send.mockResolvedValue({ ids: [] });
      await timers.advance(60_000);
      expect(outbox.getSnapshot().changes).toEqual([]);

      send.mockRejectedValueOnce(networkError());
      await outbox.submit(check('2026-11-02'), '완료');
      await flush();
      expect(timers.delays[timers.delays.length - 1]).toBe(2_000);
    });

    it('a kick (focus, online) sends at once instead of waiting for the delay', async () => {
      const { outbox, send, timers } = setup();
      await outbox.open(1);
      send.mockRejectedValueOnce(networkError());
      await outbox.submit(check('2026-11-01'), '완료');
      await flush();
      expect(timers.pending.size).toBe(1);
      outbox.kick();
      await flush();
      expect(send).toHaveBeenCalledTimes(2);
      expect(timers.pending.size).toBe(0);
      expect(outbox.getSnapshot().changes).toEqual([]);
    });

    it.each([
      ['a 503', apiError('http', 503)],
      ['a 409', apiError('http', 409)],
      ['a 429', apiError('http', 429)],
      ['a 401', apiError('http', 401)],
      ['an expired session', apiError('token-expired', 401)],
    ])('a replayed change answered with %s waits and is retried', async (_name, error) => {
      const { outbox, send, timers, goOnline } = setup({ online: false });
      await outbox.open(1);
      await outbox.submit(check('2026-11-01'), '완료');
      send.mockRejectedValueOnce(error);
      goOnline();
      await flush();
      expect(outbox.getSnapshot().changes.map((c) => c.state)).toEqual(['waiting']);
      expect(outbox.getSnapshot().online).toBe(true);
      expect(timers.delays).toEqual([2_000]);
      await timers.advance(2_000);
      expect(send).toHaveBeenCalledTimes(2);
      expect(outbox.getSnapshot().changes).toEqual([]);
    });

    it('going offline stops sending the queue', async () => {
      const { outbox, send, goOffline, goOnline } = setup({ online: false });
      await outbox.open(1);
      await outbox.submit(check('2026-11-01'), '1');
      await outbox.submit(check('2026-11-02'), '2');
      const first = deferred<SendResult>();
      send.mockReturnValueOnce(first.promise);
      goOnline();
      await flush();
      goOffline();
      first.resolve({ ids: [] });
      await flush();
      expect(send).toHaveBeenCalledTimes(1);
      expect(outbox.getSnapshot().online).toBe(false);
      expect(pendingCount(outbox.getSnapshot())).toBe(1);
    });
  });

  it('records the ids a send answers and hands them to later changes', async () => {
    const { outbox, storage, send, goOnline } = setup({ online: false });
    await outbox.open(1);
    const add: DayOp = {
      kind: 'add',
      date: '2026-11-25',
      todayId: -1,
      items: [{ id: 3, type: 'exercise', sequence: 1 }],
      entries: [],
    };
    await outbox.submit(add, '추가');
    await outbox.submit({ kind: 'delete', date: '2026-11-25', entryId: -2 }, '삭제');
    const idsSeen: Array<Array<[number, number]>> = [];
    send.mockImplementation(async (change, ids) => {
      idsSeen.push([...ids]);
      return change.op.kind === 'add'
        ? {
            ids: [
              [-1, 70],
              [-2, 71],
            ],
          }
        : { ids: [] };
    });
    goOnline();
    await outbox.idle();
    await flush();

    expect(idsSeen).toEqual([
      [],
      [
        [-1, 70],
        [-2, 71],
      ],
    ]);
    expect([...outbox.getSnapshot().ids]).toEqual([
      [-1, 70],
      [-2, 71],
    ]);
    expect(new Map(await storage.loadIds())).toEqual(
      new Map([
        [-1, 70],
        [-2, 71],
      ]),
    );
  });

  describe('a change refused during a replay', () => {
    async function refusedSetup() {
      const harness = setup({ online: false });
      const { outbox, send, goOnline } = harness;
      await outbox.open(1);
      await outbox.submit(check('2026-11-25'), '11/25 완료 표시');
      await outbox.submit(check('2026-11-26'), '11/26 완료 표시');
      send.mockRejectedValueOnce(apiError('http', 404, '기록을 찾을 수 없습니다.'));
      goOnline();
      await outbox.idle();
      await flush();
      return harness;
    }

    it('is kept as refused, out of the overlay and the count (404: deleted elsewhere)', async () => {
      const { outbox, storage, send } = await refusedSetup();
      // The next change was still sent.
      expect(send.mock.calls.map(([change]) => change.op.date)).toEqual([
        '2026-11-25',
        '2026-11-26',
      ]);
      const snapshot = outbox.getSnapshot();
      expect(snapshot.changes).toEqual([
        expect.objectContaining({
          key: 'key-1',
          state: 'refused',
          refused: { status: 404, message: messages.sync.goneElsewhere },
        }),
      ]);
      expect(overlayOpsOf(snapshot, '2026-11-25')).toEqual([]);
      expect(overlayOpsOfMonth(snapshot, '2026-11')).toEqual([]);
      expect(pendingCount(snapshot)).toBe(0);
      // Only refused changes left: the queue counts as synced.
      expect(snapshot.syncedAt).toBe(NOW);
      expect(await storage.loadChanges()).toEqual([
        expect.objectContaining({
          key: 'key-1',
          refused: { status: 404, message: messages.sync.goneElsewhere },
        }),
      ]);
      expect((await storage.loadChanges())[0]).not.toHaveProperty('state');
    });

    it("reads the refused change's day again, so the screen shows what the server holds", async () => {
      const { refresh } = await refusedSetup();
      const dates = refresh.mock.calls.flatMap(([read]) => [...read]).sort();
      expect(dates).toEqual(['2026-11-25', '2026-11-26']);
    });

    it("keeps the server's message for another 4xx", async () => {
      const { outbox, storage, send, goOnline } = setup({ online: false });
      await outbox.open(1);
      await outbox.submit(check('2026-11-25'), '완료');
      send.mockRejectedValueOnce(apiError('http', 400, '세트는 50개 이하로 입력해주세요.'));
      goOnline();
      await outbox.idle();
      await flush();
      const refused = { status: 400, message: '세트는 50개 이하로 입력해주세요.' };
      expect(outbox.getSnapshot().changes).toEqual([
        expect.objectContaining({ state: 'refused', refused }),
      ]);
      expect(await storage.loadChanges()).toEqual([expect.objectContaining({ refused })]);
    });

    it('is sent again, with the same key, on retry', async () => {
      const { outbox, storage, send } = await refusedSetup();
      const [{ seq }] = outbox.getSnapshot().changes;
      outbox.retry(seq);
      expect(outbox.getSnapshot().changes[0].state).toMatch(/waiting|sending/);
      expect(pendingCount(outbox.getSnapshot())).toBe(1);
      await outbox.idle();
      await flush();
      expect(send).toHaveBeenCalledTimes(3);
      expect(send.mock.calls[2][0]).toMatchObject({ key: 'key-1', seq });
      expect(send.mock.calls[2][0].refused).toBeUndefined();
      expect(outbox.getSnapshot().changes).toEqual([]);
      expect(await storage.loadChanges()).toEqual([]);
    });

    it('waits, without the old reason in storage, when retried while offline', async () => {
      const { outbox, storage, send, goOffline } = await refusedSetup();
      goOffline();
      const [{ seq }] = outbox.getSnapshot().changes;
      outbox.retry(seq);
      await flush();
      expect(send).toHaveBeenCalledTimes(2);
      expect(outbox.getSnapshot().changes.map((c) => c.state)).toEqual(['waiting']);
      const [kept] = await storage.loadChanges();
      expect(kept.refused).toBeUndefined();
      expect(kept.seq).toBe(seq);
    });

    it('is gone from the snapshot and the storage when dropped', async () => {
      const { outbox, storage, send } = await refusedSetup();
      const [{ seq }] = outbox.getSnapshot().changes;
      await outbox.drop(seq);
      expect(outbox.getSnapshot().changes).toEqual([]);
      expect(await storage.loadChanges()).toEqual([]);
      outbox.kick();
      await flush();
      expect(send).toHaveBeenCalledTimes(2);
    });

    it('retry ignores a change that is not refused', async () => {
      const { outbox, send } = setup({ online: false });
      await outbox.open(1);
      await outbox.submit(check('2026-11-25'), '완료');
      const [{ seq }] = outbox.getSnapshot().changes;
      outbox.retry(seq);
      outbox.retry(999);
      await flush();
      expect(send).not.toHaveBeenCalled();
      expect(outbox.getSnapshot().changes.map((c) => c.state)).toEqual(['waiting']);
    });

    it('a LocalRefusal is refused with its message', async () => {
      const { outbox, send, goOnline } = setup({ online: false });
      await outbox.open(1);
      await outbox.submit({ kind: 'delete', date: '2026-11-25', entryId: -4 }, '삭제');
      send.mockRejectedValueOnce(new LocalRefusal('먼저 한 변경이 저장되지 않아'));
      goOnline();
      await outbox.idle();
      await flush();
      expect(outbox.getSnapshot().changes).toEqual([
        expect.objectContaining({
          state: 'refused',
          refused: { status: 0, message: '먼저 한 변경이 저장되지 않아' },
        }),
      ]);
    });
  });

  describe('open', () => {
    function storedChange(memberId: number, date: string, extra: Partial<StoredChange> = {}) {
      return {
        key: `stored-${date}`,
        memberId,
        op: check(date),
        label: date,
        createdAt: 1,
        ...extra,
      };
    }

    it("loads the member's stored changes in order, refused ones staying refused", async () => {
      const { outbox, storage, send, goOnline } = setup({ online: false });
      await storage.addChange(storedChange(1, '2026-11-03'));
      await storage.addChange(
        storedChange(1, '2026-11-01', { refused: { status: 404, message: '없음' } }),
      );
      await storage.addChange(storedChange(1, '2026-11-02'));
      await storage.putIds([[-1, 10]]);

      await outbox.open(1);
      const snapshot = outbox.getSnapshot();
      expect(snapshot.memberId).toBe(1);
      expect(snapshot.changes.map((c) => [c.seq, c.op.date, c.state])).toEqual([
        [1, '2026-11-03', 'waiting'],
        [2, '2026-11-01', 'refused'],
        [3, '2026-11-02', 'waiting'],
      ]);
      expect(snapshot.changes[1].refused).toEqual({ status: 404, message: '없음' });
      expect([...snapshot.ids]).toEqual([[-1, 10]]);
      expect(pendingCount(snapshot)).toBe(2);

      goOnline();
      await outbox.idle();
      await flush();
      expect(send.mock.calls.map(([change]) => change.key)).toEqual([
        'stored-2026-11-03',
        'stored-2026-11-02',
      ]);
      expect(send.mock.calls[0][1]).toEqual(new Map([[-1, 10]]));
      expect(outbox.getSnapshot().changes.map((c) => c.state)).toEqual(['refused']);
    });

    it('sends the stored changes at once when online', async () => {
      const { outbox, storage, send } = setup();
      await storage.addChange(storedChange(1, '2026-11-03'));
      await outbox.open(1);
      await outbox.idle();
      await flush();
      expect(send).toHaveBeenCalledTimes(1);
      expect(outbox.getSnapshot().changes).toEqual([]);
    });

    it('deletes everything, unsent, when a stored change belongs to another member', async () => {
      const { outbox, storage, send } = setup();
      await storage.addChange(storedChange(1, '2026-11-03'));
      await storage.addChange(storedChange(2, '2026-11-04'));
      await storage.putIds([[-1, 10]]);
      await outbox.open(1);
      await outbox.idle();
      await flush();
      expect(send).not.toHaveBeenCalled();
      expect(outbox.getSnapshot()).toMatchObject({ memberId: 1, changes: [] });
      expect(outbox.getSnapshot().ids.size).toBe(0);
      expect(await storage.loadChanges()).toEqual([]);
      expect(await storage.loadIds()).toEqual([]);
    });

    it('opening the same member again changes nothing', async () => {
      const { outbox, storage } = setup({ online: false });
      await outbox.open(1);
      await outbox.submit(check('2026-11-01'), '완료');
      const loadChanges = jest.spyOn(storage, 'loadChanges');
      await outbox.open(1);
      expect(loadChanges).not.toHaveBeenCalled();
      expect(outbox.getSnapshot().changes).toHaveLength(1);
    });
  });

  describe('close', () => {
    it('empties everything and releases a waiting caller', async () => {
      const { outbox, send, timers } = setup();
      await outbox.open(1);
      send.mockRejectedValueOnce(networkError());
      await outbox.submit(check('2026-11-01'), '1');
      await flush();
      expect(timers.pending.size).toBe(1);

      const sending = deferred<SendResult>();
      send.mockReturnValueOnce(sending.promise);
      outbox.kick();
      const outcome = outbox.submit(check('2026-11-02'), '2');
      await flush();
      outbox.close();
      await expect(outcome).resolves.toBe('queued');
      expect(outbox.getSnapshot()).toMatchObject({
        memberId: null,
        changes: [],
        syncing: false,
        syncedAt: null,
      });
      expect(outbox.getSnapshot().ids.size).toBe(0);
      expect(timers.pending.size).toBe(0);
      await expect(outbox.submit(check('2026-11-03'), '3')).rejects.toBeInstanceOf(LocalRefusal);
    });

    it('a late send answer after close does not bring anything back', async () => {
      const { outbox, send, refresh } = setup();
      await outbox.open(1);
      const sending = deferred<SendResult>();
      send.mockReturnValueOnce(sending.promise);
      const outcome = outbox.submit(check('2026-11-01'), '1');
      await flush();
      outbox.close();
      await expect(outcome).resolves.toBe('queued');
      const listener = jest.fn();
      outbox.subscribe(listener);

      sending.resolve({ ids: [[-1, 10]] });
      await flush();
      expect(listener).not.toHaveBeenCalled();
      expect(outbox.getSnapshot()).toMatchObject({ memberId: null, changes: [], syncing: false });
      expect(outbox.getSnapshot().ids.size).toBe(0);
      expect(refresh).not.toHaveBeenCalled();
    });

    it('a late failure after close does not bring anything back either', async () => {
      const { outbox, send, timers } = setup();
      await outbox.open(1);
      const sending = deferred<SendResult>();
      send.mockReturnValueOnce(sending.promise);
      void outbox.submit(check('2026-11-01'), '1');
      await flush();
      outbox.close();
      sending.reject(networkError());
      await flush();
      expect(outbox.getSnapshot()).toMatchObject({ memberId: null, changes: [], online: true });
      expect(timers.pending.size).toBe(0);
    });

    it('a drain left over from before close does not overlap the next one', async () => {
      const { outbox, storage, send } = setup();
      await storage.addChange({
        key: 'a',
        memberId: 1,
        op: check('2026-11-01'),
        label: 'a',
        createdAt: 1,
      });
      const old = deferred<SendResult>();
      const replay = deferred<SendResult>();
      send.mockReturnValueOnce(old.promise).mockReturnValueOnce(replay.promise);
      await outbox.open(1);
      await flush();
      outbox.close();
      // The same member signs in again: the stored change is sent again (same key).
      await outbox.open(1);
      await flush();
      expect(send.mock.calls.map(([change]) => change.key)).toEqual(['a', 'a']);

      // The old request answers while the new one is still out.
      old.resolve({ ids: [] });
      await flush();
      let idle = false;
      void outbox.idle().then(() => {
        idle = true;
      });
      await outbox.submit(check('2026-11-02'), 'b');
      await flush();
      expect(idle).toBe(false);
      // b waits behind a: never two requests at once, never out of order.
      expect(send).toHaveBeenCalledTimes(2);

      replay.resolve({ ids: [] });
      await flush();
      expect(idle).toBe(true);
      expect(send.mock.calls.map(([change]) => change.key)).toEqual(['a', 'a', 'key-1']);
      expect(outbox.getSnapshot().changes).toEqual([]);
    });
  });

  it('tells subscribers of every change until they unsubscribe', async () => {
    const { outbox } = setup({ online: false });
    await outbox.open(1);
    const listener = jest.fn();
    const unsubscribe = outbox.subscribe(listener);
    await outbox.submit(check('2026-11-01'), '1');
    expect(listener).toHaveBeenCalled();
    listener.mockClear();
    unsubscribe();
    await outbox.submit(check('2026-11-02'), '2');
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('overlay selectors', () => {
  it('overlayOpsOf and overlayOpsOfMonth keep queue order and skip refused changes', () => {
    const change = (seq: number, date: string, state: QueuedChange['state']): QueuedChange => ({
      seq,
      state,
      key: `k${seq}`,
      memberId: 1,
      op: check(date),
      label: '',
      createdAt: 0,
    });
    const snapshot = {
      memberId: 1,
      ids: new Map(),
      online: true,
      syncing: false,
      syncedAt: null,
      notice: null,
      changes: [
        change(1, '2026-11-25', 'confirmed'),
        change(2, '2026-11-25', 'refused'),
        change(3, '2026-12-01', 'waiting'),
        change(4, '2026-11-02', 'sending'),
        change(5, '2026-11-25', 'waiting'),
        change(6, '2026-011-01', 'waiting'),
      ],
    };
    expect(overlayOpsOf(snapshot, '2026-11-25')).toEqual([
      check('2026-11-25'),
      check('2026-11-25'),
    ]);
    expect(overlayOpsOfMonth(snapshot, '2026-11').map((op) => op.date)).toEqual([
      '2026-11-25',
      '2026-11-02',
      '2026-11-25',
    ]);
    expect(pendingCount(snapshot)).toBe(4);
  });
});

describe('verdictOf', () => {
  it.each([
    [apiError('network'), 'network'],
    [apiError('http', 500), 'transient'],
    [apiError('http', 502), 'transient'],
    [apiError('http', 503), 'transient'],
    [apiError('http', 401), 'transient'],
    [apiError('http', 408), 'transient'],
    [apiError('http', 409), 'transient'],
    [apiError('http', 425), 'transient'],
    [apiError('http', 429), 'limited'],
    [apiError('token-expired', 401), 'transient'],
    [apiError('unauthenticated', 401), 'transient'],
    // The write happened but its answer was not understood: a replay would answer the same.
    [apiError('invalid-response', 200), 'refused'],
    [apiError('http', 400), 'refused'],
    [apiError('http', 403), 'refused'],
    [apiError('http', 404), 'refused'],
    [apiError('http', 410), 'refused'],
    [apiError('http', 422), 'refused'],
    [new LocalRefusal('x'), 'refused'],
    // A bug on this side: retrying would loop forever.
    [new TypeError('boom'), 'refused'],
    ['thrown string', 'refused'],
  ])('%p is %s', (error, verdict) => {
    expect(verdictOf(error)).toBe(verdict);
  });
});
