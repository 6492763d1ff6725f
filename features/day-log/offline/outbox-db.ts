import type { DayOp } from './day-ops';

/**
 * Where the offline queue keeps its changes, in the order they were made, and the temporary →
 * server id map: IndexedDB in a browser (outbox-idb.ts, loaded on first use), memory elsewhere.
 * Nothing else of the member is stored there; logout deletes the whole database.
 */

/** Why the server (or the queue) refused a change, as shown to the member. */
export interface RefusalInfo {
  status: number;
  message: string;
}

/** One queued change as stored. */
export interface StoredChange {
  /** Queue order (IndexedDB's auto-increment key); absent until first stored. */
  seq?: number;
  /** Sent as `Idempotency-Key`: a replay or retry of this change is applied once. */
  key: string;
  /** The member who made it; another member's changes are never sent (and are deleted). */
  memberId: number;
  op: DayOp;
  /** A short description for the sync panel, e.g. `11/25 벤치프레스 추가`. */
  label: string;
  createdAt: number;
  /** Set when the server refused it during a replay: kept until the member retries or drops it. */
  refused?: RefusalInfo;
}

/** The storage the queue writes through; `memoryOutboxStorage` where IndexedDB is missing. */
export interface OutboxStorage {
  loadChanges(): Promise<StoredChange[]>;
  /** Stores a new change; resolves with its queue position. */
  addChange(change: StoredChange): Promise<number>;
  putChange(change: StoredChange & { seq: number }): Promise<void>;
  deleteChange(seq: number): Promise<void>;
  loadIds(): Promise<Array<[number, number]>>;
  putIds(pairs: ReadonlyArray<[number, number]>): Promise<void>;
  /** Deletes everything (another member's leftovers). */
  clear(): Promise<void>;
  close(): void;
}

/** A storage that keeps nothing across reloads (no IndexedDB: old browsers, unit tests). */
export function memoryOutboxStorage(): OutboxStorage {
  let changes: Array<StoredChange & { seq: number }> = [];
  let ids: Array<[number, number]> = [];
  let next = 1;
  return {
    loadChanges: async () => changes.map((change) => ({ ...change })),
    addChange: async (change) => {
      const seq = next++;
      changes.push({ ...change, seq });
      return seq;
    },
    putChange: async (change) => {
      changes = changes.map((stored) => (stored.seq === change.seq ? { ...change } : stored));
    },
    deleteChange: async (seq) => {
      changes = changes.filter((stored) => stored.seq !== seq);
    },
    loadIds: async () => [...ids],
    putIds: async (pairs) => {
      ids = [...ids, ...pairs];
    },
    clear: async () => {
      changes = [];
      ids = [];
    },
    close: () => undefined,
  };
}

/** The storage this browser offers: IndexedDB, its code loaded with the first call. */
export function defaultOutboxStorage(): OutboxStorage {
  if (typeof indexedDB === 'undefined') return memoryOutboxStorage();
  let loaded: Promise<OutboxStorage> | null = null;
  const real = () =>
    (loaded ??= import('./outbox-idb').then((module) => module.indexedDbOutboxStorage()));
  return {
    loadChanges: async () => (await real()).loadChanges(),
    addChange: async (change) => (await real()).addChange(change),
    putChange: async (change) => (await real()).putChange(change),
    deleteChange: async (seq) => (await real()).deleteChange(seq),
    loadIds: async () => (await real()).loadIds(),
    putIds: async (pairs) => (await real()).putIds(pairs),
    clear: async () => (await real()).clear(),
    close: () => void loaded?.then((storage) => storage.close()),
  };
}

/** Deletes the queue's database (logout). Resolves even when it is blocked or missing. */
export async function deleteOutboxDatabase(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await (await import('./outbox-idb')).deleteOutboxDatabase();
}
