/**
 * @jest-environment node
 */
// Node, not jsdom: fake-indexeddb clones values with structuredClone, which jsdom lacks.
import 'fake-indexeddb/auto';

import { deleteDB } from 'idb';

import type { DayOp } from './day-ops';
import {
  defaultOutboxStorage,
  deleteOutboxDatabase,
  memoryOutboxStorage,
  type OutboxStorage,
  type StoredChange,
} from './outbox-db';
import { DELETE_WAIT_MS, indexedDbOutboxStorage, OUTBOX_DB_NAME } from './outbox-idb';

/** Retries `check` until it passes (at most 2 s). */
async function waitFor(check: () => Promise<void>): Promise<void> {
  const until = Date.now() + 2_000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

function change(date: string, extra: Partial<StoredChange> = {}): StoredChange {
  const op: DayOp = { kind: 'check', date, todayId: 7, checked: true };
  return {
    key: `key-${date}`,
    memberId: 1,
    op,
    label: `${date} 완료 표시`,
    createdAt: 1,
    ...extra,
  };
}

afterEach(async () => {
  await deleteOutboxDatabase();
});

describe.each([
  ['indexedDbOutboxStorage', indexedDbOutboxStorage],
  ['memoryOutboxStorage', memoryOutboxStorage],
])('%s', (_name, create: () => OutboxStorage) => {
  it('keeps changes in insertion order with increasing seq', async () => {
    const storage = create();
    expect(await storage.loadChanges()).toEqual([]);
    const seqs = [];
    for (const date of ['2026-11-25', '2026-11-01', '2026-12-31']) {
      seqs.push(await storage.addChange(change(date)));
    }
    expect(seqs[1]).toBeGreaterThan(seqs[0]);
    expect(seqs[2]).toBeGreaterThan(seqs[1]);
    const loaded = await storage.loadChanges();
    expect(loaded.map((c) => c.op.date)).toEqual(['2026-11-25', '2026-11-01', '2026-12-31']);
    expect(loaded.map((c) => c.seq)).toEqual(seqs);
    expect(loaded[0]).toEqual({ ...change('2026-11-25'), seq: seqs[0] });
  });

  it('putChange replaces a change in place and deleteChange removes one', async () => {
    const storage = create();
    const first = await storage.addChange(change('2026-11-01'));
    const second = await storage.addChange(change('2026-11-02'));
    const third = await storage.addChange(change('2026-11-03'));

    const refused = { status: 404, message: '없음' };
    await storage.putChange({ ...change('2026-11-02'), seq: second, refused });
    let loaded = await storage.loadChanges();
    expect(loaded.map((c) => c.seq)).toEqual([first, second, third]);
    expect(loaded[1]).toEqual({ ...change('2026-11-02'), seq: second, refused });

    // Retried: stored again without the refusal.
    await storage.putChange({ ...change('2026-11-02'), seq: second });
    loaded = await storage.loadChanges();
    expect(loaded[1]).not.toHaveProperty('refused');

    await storage.deleteChange(first);
    await storage.deleteChange(999);
    loaded = await storage.loadChanges();
    expect(loaded.map((c) => c.seq)).toEqual([second, third]);

    // A deleted position is never handed out again.
    const fourth = await storage.addChange(change('2026-11-04'));
    expect(fourth).toBeGreaterThan(third);
  });

  it('round-trips the id map', async () => {
    const storage = create();
    expect(await storage.loadIds()).toEqual([]);
    await storage.putIds([
      [-1, 10],
      [-2, 20],
    ]);
    await storage.putIds([[-3, 30]]);
    await storage.putIds([]);
    expect(new Map(await storage.loadIds())).toEqual(
      new Map([
        [-1, 10],
        [-2, 20],
        [-3, 30],
      ]),
    );
  });

  it('clear() deletes the changes and the ids', async () => {
    const storage = create();
    await storage.addChange(change('2026-11-01'));
    await storage.putIds([[-1, 10]]);
    await storage.clear();
    expect(await storage.loadChanges()).toEqual([]);
    expect(await storage.loadIds()).toEqual([]);
    await storage.addChange(change('2026-11-02'));
    expect((await storage.loadChanges()).map((c) => c.op.date)).toEqual(['2026-11-02']);
  });
});

describe('indexedDbOutboxStorage', () => {
  it('is shared by every storage of the page (it is the one database)', async () => {
    await indexedDbOutboxStorage().addChange(change('2026-11-01'));
    await indexedDbOutboxStorage().putIds([[-1, 10]]);
    const other = indexedDbOutboxStorage();
    expect((await other.loadChanges()).map((c) => c.op.date)).toEqual(['2026-11-01']);
    expect(await other.loadIds()).toEqual([[-1, 10]]);
  });

  it('reopens the database after close()', async () => {
    const storage = indexedDbOutboxStorage();
    await storage.addChange(change('2026-11-01'));
    storage.close();
    expect((await storage.loadChanges()).map((c) => c.op.date)).toEqual(['2026-11-01']);
  });

  it('stores in the named database', async () => {
    await indexedDbOutboxStorage().addChange(change('2026-11-01'));
    const databases = await indexedDB.databases();
    expect(databases.map((db) => db.name)).toContain(OUTBOX_DB_NAME);
  });
});

describe('deleteOutboxDatabase', () => {
  it('leaves a fresh empty database on next use', async () => {
    const storage = indexedDbOutboxStorage();
    await storage.addChange(change('2026-11-01'));
    await storage.putIds([[-1, 10]]);

    await deleteOutboxDatabase();
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain(OUTBOX_DB_NAME);

    expect(await storage.loadChanges()).toEqual([]);
    expect(await storage.loadIds()).toEqual([]);
    await storage.addChange(change('2026-11-02'));
    expect((await indexedDbOutboxStorage().loadChanges()).map((c) => c.op.date)).toEqual([
      '2026-11-02',
    ]);
  });

  it('lets another tab delete the database while this page has it open', async () => {
    const storage = indexedDbOutboxStorage();
    await storage.addChange(change('2026-11-01'));
    // Another tab logs out: its deletion must not wait on this page's open connection.
    const deleted = deleteDB(OUTBOX_DB_NAME).then(() => 'deleted');
    const stuck = new Promise((resolve) => setTimeout(() => resolve('blocked'), 1_000));
    await expect(Promise.race([deleted, stuck])).resolves.toBe('deleted');
    // This page opens a fresh database on its next use.
    expect(await storage.loadChanges()).toEqual([]);
    await storage.addChange(change('2026-11-02'));
    expect((await storage.loadChanges()).map((c) => c.op.date)).toEqual(['2026-11-02']);
  });

  it('resolves within its bound while another connection ignores the deletion', async () => {
    // A connection with no versionchange handler (an older build's tab) blocks the deletion.
    const holder = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(OUTBOX_DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('changes');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const started = Date.now();
    await deleteOutboxDatabase();
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(DELETE_WAIT_MS - 50);
    expect(waited).toBeLessThan(DELETE_WAIT_MS + 2_000);
    // The deletion stays queued and completes once the holder lets go.
    holder.close();
    await waitFor(async () =>
      expect((await indexedDB.databases()).map((db) => db.name)).not.toContain(OUTBOX_DB_NAME),
    );
  });

  it('resolves when there is no database yet', async () => {
    await expect(deleteOutboxDatabase()).resolves.toBeUndefined();
    await expect(deleteOutboxDatabase()).resolves.toBeUndefined();
  });
});

it('defaultOutboxStorage uses IndexedDB where the browser has it', async () => {
  await defaultOutboxStorage().addChange(change('2026-11-01'));
  expect((await indexedDbOutboxStorage().loadChanges()).map((c) => c.op.date)).toEqual([
    '2026-11-01',
  ]);
});
