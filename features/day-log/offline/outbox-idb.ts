import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';

import type { OutboxStorage, StoredChange } from './outbox-db';

/**
 * The outbox's storage in IndexedDB, through `idb` (a small maintained wrapper). Loaded on first
 * use (outbox-db.ts), so that no page's first load carries it.
 */

export const OUTBOX_DB_NAME = 'everyhealth-offline';
const VERSION = 1;

interface OutboxSchema extends DBSchema {
  changes: { key: number; value: StoredChange };
  ids: { key: number; value: { temporary: number; real: number } };
}

let opening: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function database(): Promise<IDBPDatabase<OutboxSchema>> {
  opening ??= openDB<OutboxSchema>(OUTBOX_DB_NAME, VERSION, {
    upgrade(db) {
      db.createObjectStore('changes', { keyPath: 'seq', autoIncrement: true });
      db.createObjectStore('ids', { keyPath: 'temporary' });
    },
    // Logout deletes the database: let it go instead of blocking the deletion.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
}

/** The queue's storage in this browser's IndexedDB. */
export function indexedDbOutboxStorage(): OutboxStorage {
  return {
    async loadChanges() {
      return (await database()).getAll('changes');
    },
    async addChange(change) {
      return (await database()).add('changes', change);
    },
    async putChange(change) {
      await (await database()).put('changes', change);
    },
    async deleteChange(seq) {
      await (await database()).delete('changes', seq);
    },
    async loadIds() {
      const rows = await (await database()).getAll('ids');
      return rows.map((row) => [row.temporary, row.real]);
    },
    async putIds(pairs) {
      const tx = (await database()).transaction('ids', 'readwrite');
      await Promise.all([
        ...pairs.map(([temporary, real]) => tx.store.put({ temporary, real })),
        tx.done,
      ]);
    },
    async clear() {
      const db = await database();
      const tx = db.transaction(['changes', 'ids'], 'readwrite');
      await Promise.all([
        tx.objectStore('changes').clear(),
        tx.objectStore('ids').clear(),
        tx.done,
      ]);
    },
    close() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  };
}

/**
 * How long logout waits for the deletion. A connection that ignores `versionchange` (a tab still
 * running an older build, or one whose main thread is busy) blocks the request until it closes;
 * the deletion stays queued in the browser and completes then, but logout must not wait for it.
 */
export const DELETE_WAIT_MS = 3_000;

/** Deletes the queue's database (logout). Resolves even when it is blocked or missing. */
export async function deleteOutboxDatabase(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const db = await opening?.catch(() => null);
  db?.close();
  opening = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bounded = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, DELETE_WAIT_MS);
  });
  try {
    await Promise.race([deleteDB(OUTBOX_DB_NAME), bounded]);
  } finally {
    clearTimeout(timer);
  }
}
