import { ApiError, rateLimitMessage } from '@/lib/api/errors';
import { newIdempotencyKey } from '@/lib/api/idempotency-key';
import { messages } from '@/lib/i18n/messages';

import type { DayOp, IdMap } from './day-ops';
import type { OutboxStorage, RefusalInfo, StoredChange } from './outbox-db';

/**
 * The day log's outbox: every change the member makes to their own day log goes through here,
 * online or not. A change is stored (IndexedDB) and shown at once (the overlay), then sent in
 * order, each with its own `Idempotency-Key`, so that a retry after a lost answer is applied once.
 *
 * - No connection, a 5xx, a 409 or an expired session: the change waits and is retried
 *   (on `online`, on focus, and with a growing delay).
 * - A 429 (a rate limit): the change waits too, also when the member is waiting for it, and
 *   nothing is sent before the answer's `Retry-After` has passed; the server's message is the
 *   snapshot's `notice` until a change goes through.
 * - Sent at once while the member waits for it (online, nothing queued before it): any other
 *   answer but success makes the caller get the error and the change is dropped, as before the
 *   queue existed (toast, field errors, rollback: a failed change reverts). Only no
 *   connection at all (or a 429) turns it into a queued change.
 * - Refused during a replay (any other 4xx, e.g. 404 because the day or exercise was deleted
 *   elsewhere): kept as refused, out of the overlay, until the member retries or drops it.
 * - Confirmed: it stays in the overlay until its day and month were read again, then it goes.
 */

export type ChangeState = 'waiting' | 'sending' | 'confirmed' | 'refused';

export interface QueuedChange extends StoredChange {
  seq: number;
  state: ChangeState;
}

export interface OutboxSnapshot {
  memberId: number | null;
  changes: readonly QueuedChange[];
  ids: IdMap;
  /** False after a request found no connection (or the browser says offline), until one works. */
  online: boolean;
  syncing: boolean;
  /** When the queue last became empty after sending something. */
  syncedAt: number | null;
  /** Why sending waits although online: the server's 429 message, until a change goes through. */
  notice: string | null;
}

/** What sending a change produced: temporary → server ids of the rows it created. */
export interface SendResult {
  ids: Array<[number, number]>;
}

/** A change the queue refuses itself, e.g. it builds on a change the server refused. */
export class LocalRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalRefusal';
  }
}

export interface OutboxDependencies {
  storage: OutboxStorage;
  /** Sends one change with its idempotency key; rejects like lib/api. */
  send(change: QueuedChange, ids: IdMap): Promise<SendResult>;
  /**
   * Reads the given days (and their months) again into the cache; resolves with the dates that
   * were read (a date that could not be read keeps its confirmed changes in the overlay).
   */
  refresh(dates: readonly string[]): Promise<readonly string[]>;
  isBrowserOnline(): boolean;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  newKey?: () => string;
}

export type SubmitResult = 'sent' | 'queued';

type Verdict = 'network' | 'transient' | 'limited' | 'refused';

/** How a failed send is treated (see the module comment). */
export function verdictOf(error: unknown): Verdict {
  if (error instanceof LocalRefusal) return 'refused';
  // Anything but an ApiError is a bug on this side; retrying it would loop forever.
  if (!(error instanceof ApiError)) return 'refused';
  if (error.kind === 'network') return 'network';
  // The session is being renewed or is over: the change waits for the member to be back.
  if (error.kind === 'token-expired' || error.kind === 'unauthenticated') return 'transient';
  // A 2xx whose body is not what was expected: the write happened, a replay answers the same.
  if (error.kind === 'invalid-response') return 'refused';
  const { status } = error;
  if (status === 429) return 'limited';
  if (status >= 500 || [401, 408, 409, 425].includes(status)) return 'transient';
  return 'refused';
}

function refusalOf(error: unknown): RefusalInfo {
  // 404 on a replay: the day or the exercise was deleted elsewhere (the server wins).
  if (error instanceof ApiError && error.kind === 'http' && error.status === 404) {
    return { status: 404, message: messages.sync.goneElsewhere };
  }
  if (error instanceof ApiError) return { status: error.status, message: error.message };
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 60_000;

export interface Outbox {
  getSnapshot(): OutboxSnapshot;
  subscribe(listener: () => void): () => void;
  /** Loads the member's queued changes (another member's are deleted) and starts sending. */
  open(memberId: number): Promise<void>;
  /** Forgets everything in memory (logout; the storage is deleted separately). */
  close(): void;
  /** Queues a change and sends it when it can; see the module comment for the outcomes. */
  submit(op: DayOp, label: string): Promise<SubmitResult>;
  retry(seq: number): void;
  drop(seq: number): Promise<void>;
  /** The browser went online or offline. */
  setBrowserOnline(online: boolean): void;
  /** Tries to send now (focus, online). */
  kick(): void;
  /** Resolves when nothing is being sent (tests, logout). */
  idle(): Promise<void>;
}

/** Nobody's outbox: signed out, or the server render. */
export const EMPTY_OUTBOX_SNAPSHOT: OutboxSnapshot = Object.freeze({
  memberId: null,
  changes: [],
  ids: new Map(),
  online: true,
  syncing: false,
  syncedAt: null,
  notice: null,
});

export function createOutbox(deps: OutboxDependencies): Outbox {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer =
    deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const newKey = deps.newKey ?? newIdempotencyKey;
  let snapshot: OutboxSnapshot = { ...EMPTY_OUTBOX_SNAPSHOT, online: deps.isBrowserOnline() };
  const listeners = new Set<() => void>();
  /** Callers waiting for the outcome of the change they just made, by queue position. */
  const waiters = new Map<
    number,
    { resolve: (r: SubmitResult) => void; reject: (e: unknown) => void }
  >();
  /** Days with confirmed changes whose fresh server state has not been read yet. */
  const unread = new Set<string>();
  let draining: Promise<void> | null = null;
  let retryTimer: unknown = null;
  let retryDelay = FIRST_RETRY_MS;
  /** Nothing is sent before this time (a 429's Retry-After). */
  let limitedUntil = 0;
  let generation = 0;
  /** Positions of changes shown before the database stored them (negative, never sent). */
  let provisionalSeq = 0;
  /** Positions of changes the database could not store (far above its own). */
  let unstoredSeq = 2 ** 40;
  /** Something was sent since the queue last became empty. */
  let sentSinceSynced = false;

  function set(patch: Partial<OutboxSnapshot>): void {
    snapshot = { ...snapshot, ...patch };
    for (const listener of Array.from(listeners)) listener();
  }

  function update(seq: number, patch: Partial<QueuedChange>): void {
    set({
      changes: snapshot.changes.map((change) =>
        change.seq === seq ? { ...change, ...patch } : change,
      ),
    });
  }

  function remove(seqs: ReadonlySet<number>): void {
    if (seqs.size === 0) return;
    set({ changes: snapshot.changes.filter((change) => !seqs.has(change.seq)) });
  }

  function settleWaiter(seq: number, outcome: SubmitResult | { error: unknown }): void {
    const waiter = waiters.get(seq);
    if (!waiter) return;
    waiters.delete(seq);
    if (typeof outcome === 'string') waiter.resolve(outcome);
    else waiter.reject(outcome.error);
  }

  function releaseWaiters(): void {
    for (const seq of Array.from(waiters.keys())) settleWaiter(seq, 'queued');
  }

  /** Tries again after the growing delay, or at `limitedUntil` when that is later. */
  function scheduleRetry(): void {
    if (retryTimer !== null) return;
    retryTimer = setTimer(
      () => {
        retryTimer = null;
        kick();
      },
      Math.max(retryDelay, limitedUntil - now()),
    );
    retryDelay = Math.min(retryDelay * 2, LAST_RETRY_MS);
  }

  function cancelRetry(): void {
    if (retryTimer !== null) clearTimer(retryTimer);
    retryTimer = null;
  }

  async function sendOne(change: QueuedChange, current: number): Promise<'next' | 'stop'> {
    update(change.seq, { state: 'sending' });
    try {
      const result = await deps.send(change, snapshot.ids);
      if (current !== generation) return 'stop';
      if (result.ids.length > 0) {
        const ids = new Map(snapshot.ids);
        for (const [temporary, real] of result.ids) ids.set(temporary, real);
        set({ ids });
        await deps.storage.putIds(result.ids);
      }
      await deps.storage.deleteChange(change.seq);
      update(change.seq, { state: 'confirmed' });
      unread.add(change.op.date);
      retryDelay = FIRST_RETRY_MS;
      if (!snapshot.online) set({ online: true });
      if (snapshot.notice !== null) set({ notice: null });
      settleWaiter(change.seq, 'sent');
      return 'next';
    } catch (error) {
      if (current !== generation) return 'stop';
      const verdict = verdictOf(error);
      if (waiters.has(change.seq) && verdict !== 'network' && verdict !== 'limited') {
        // The member is looking at this very change and the server answered with a failure:
        // the caller reports it and the change is not kept, so the screen reverts it.
        await deps.storage.deleteChange(change.seq);
        remove(new Set([change.seq]));
        settleWaiter(change.seq, { error });
        return 'next';
      }
      if (verdict !== 'refused') {
        update(change.seq, { state: 'waiting' });
        if (verdict === 'network') set({ online: false });
        if (verdict === 'limited') {
          const seconds = (error as ApiError).retryAfterSeconds;
          // Without a Retry-After, the growing delay alone decides.
          limitedUntil = seconds === null ? 0 : now() + seconds * 1000;
          set({ notice: rateLimitMessage(error) });
        }
        releaseWaiters();
        scheduleRetry();
        return 'stop';
      }
      const refused = refusalOf(error);
      await deps.storage.putChange({ ...storedOf(change), refused });
      update(change.seq, { state: 'refused', refused });
      // The server won: its day is read again, so the screen shows what it holds (an entry deleted
      // elsewhere goes) rather than whatever the cache held when the change was made.
      unread.add(change.op.date);
      return 'next';
    }
  }

  async function refreshRead(current: number): Promise<void> {
    if (unread.size === 0) return;
    const dates = [...unread];
    let read: readonly string[] = [];
    try {
      read = await deps.refresh(dates);
    } catch {
      read = [];
    }
    if (current !== generation) return;
    const done = new Set(read);
    for (const date of done) unread.delete(date);
    remove(
      new Set(
        snapshot.changes
          .filter((change) => change.state === 'confirmed' && done.has(change.op.date))
          .map((change) => change.seq),
      ),
    );
  }

  async function drainOnce(current: number): Promise<void> {
    set({ syncing: true });

    try {
      for (;;) {
        if (current !== generation || snapshot.memberId === null) return;
        if (!deps.isBrowserOnline()) {
          set({ online: false });
          releaseWaiters();
          break;
        }
        const next = snapshot.changes.find(
          (change) => change.state === 'waiting' && change.seq > 0,
        );
        if (!next) break;
        const step = await sendOne(next, current);
        if (step === 'next') sentSinceSynced = true;
        if (step === 'stop') break;
      }
      await refreshRead(current);
    } finally {
      if (current === generation) {
        const waiting = snapshot.changes.some((change) => change.state !== 'refused');
        // 동기화됨 once everything sent (maybe over several runs) is confirmed and read again.
        const synced = sentSinceSynced && !waiting;
        if (synced) sentSinceSynced = false;
        set({ syncing: false, ...(synced ? { syncedAt: now() } : {}) });
      }
    }
  }

  function kick(): void {
    if (snapshot.memberId === null) return;
    // Refused for now (429): focus, `online` and new changes wait for the Retry-After too.
    if (now() < limitedUntil) {
      scheduleRetry();
      return;
    }
    if (draining) {
      void draining.then(() => {
        if (snapshot.changes.some((c) => c.state === 'waiting' && c.seq > 0)) kick();
      });
      return;
    }
    cancelRetry();
    const current = generation;
    // A drain outlived by close() must not clear the drain that a later open() started.
    const run: Promise<void> = drainOnce(current).finally(() => {
      if (draining === run) draining = null;
    });
    draining = run;
  }

  function storedOf(change: QueuedChange): StoredChange & { seq: number } {
    const stored: StoredChange & { seq: number; state?: ChangeState } = { ...change };
    delete stored.state;
    return stored;
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async open(memberId) {
      if (snapshot.memberId === memberId) return;
      const current = ++generation;
      const stored = await deps.storage.loadChanges();
      if (current !== generation) return;
      if (stored.some((change) => change.memberId !== memberId)) {
        // Left by another member (their session ended without a logout here): never sent, and
        // not kept on this device.
        await deps.storage.clear();
        set({ memberId, changes: [], ids: new Map() });
      } else {
        const ids = new Map(await deps.storage.loadIds());
        if (current !== generation) return;
        const changes = stored
          .filter((change): change is StoredChange & { seq: number } => change.seq !== undefined)
          .map((change) => ({
            ...change,
            state: (change.refused ? 'refused' : 'waiting') as ChangeState,
          }));
        set({ memberId, changes, ids });
      }
      kick();
    },

    close() {
      generation += 1;
      sentSinceSynced = false;
      limitedUntil = 0;
      cancelRetry();
      releaseWaiters();
      unread.clear();
      draining = null;
      set({ ...EMPTY_OUTBOX_SNAPSHOT, online: deps.isBrowserOnline() });
    },

    async submit(op, label) {
      const memberId = snapshot.memberId;
      if (memberId === null) throw new LocalRefusal('signed out');
      const change: StoredChange = { key: newKey(), memberId, op, label, createdAt: now() };
      const aheadWaiting = snapshot.changes.some(
        (queued) => queued.state === 'waiting' || queued.state === 'sending',
      );
      // Shown at once, in this very event (a controlled checkbox must not flip back while the
      // database writes), under a provisional position until the database gave it its own.
      const provisional = (provisionalSeq -= 1);
      const current = generation;
      set({ changes: [...snapshot.changes, { ...change, seq: provisional, state: 'waiting' }] });
      let seq: number;
      try {
        seq = await deps.storage.addChange(change);
      } catch {
        // No storage (quota, private mode): the change still goes, it just would not survive a
        // reload.
        seq = unstoredSeq += 1;
      }
      if (current !== generation) throw new LocalRefusal('signed out');
      set({
        changes: snapshot.changes.map((queued) =>
          queued.seq === provisional ? { ...queued, seq } : queued,
        ),
      });
      if (!deps.isBrowserOnline() || aheadWaiting || !snapshot.online) {
        kick();
        return 'queued';
      }
      const outcome = new Promise<SubmitResult>((resolve, reject) => {
        waiters.set(seq, { resolve, reject });
      });
      kick();
      return outcome;
    },

    retry(seq) {
      const change = snapshot.changes.find((candidate) => candidate.seq === seq);
      if (!change || change.state !== 'refused') return;
      const stored = storedOf(change);
      delete stored.refused;
      void deps.storage.putChange(stored);
      update(seq, { state: 'waiting', refused: undefined });
      kick();
    },

    async drop(seq) {
      await deps.storage.deleteChange(seq);
      remove(new Set([seq]));
    },

    setBrowserOnline(online) {
      if (online) {
        retryDelay = FIRST_RETRY_MS;
        set({ online: true });
        kick();
      } else {
        set({ online: false });
      }
    },

    kick,

    async idle() {
      while (draining) await draining;
    },
  };
}

/** The changes still to be sent (waiting or being sent). */
export function pendingCount(snapshot: OutboxSnapshot): number {
  return snapshot.changes.filter((c) => c.state === 'waiting' || c.state === 'sending').length;
}

/** The changes of one day that the overlay shows (all but refused ones), in queue order. */
export function overlayOpsOf(snapshot: OutboxSnapshot, date: string): DayOp[] {
  return snapshot.changes
    .filter((change) => change.state !== 'refused' && change.op.date === date)
    .map((change) => change.op);
}

/** The changes the overlay shows for the days of one month (`YYYY-MM`). */
export function overlayOpsOfMonth(snapshot: OutboxSnapshot, yearMonth: string): DayOp[] {
  return snapshot.changes
    .filter((change) => change.state !== 'refused' && change.op.date.startsWith(`${yearMonth}-`))
    .map((change) => change.op);
}
