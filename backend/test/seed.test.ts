import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

import { asc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

import { IMAGE_VARIANTS, imageVariantKey } from '@/lib/contract/values';

import type { Db } from '../src/db/client';
import {
  comments,
  exercises,
  friendships,
  members,
  posts,
  repWeights,
  routineExercises,
  routines,
  todays,
} from '../src/db/schema';
import { buildMember } from '../src/seed/builders';
import { DEMO_MEMBERS } from '../src/seed/demo-members';
import { seedDemo } from '../src/seed/demo-seed';
import { detectImageType } from '../src/storage/image-type';
import { LocalImageStorage } from '../src/storage/local-image-storage';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { displayImages, FILES_PER_IMAGE } from './helpers/images';

after(dropTestDatabases);

const ISSUER = 'http://localhost:3000/oauth2/dev';
const NOW = new Date('2025-07-19T20:00:00Z'); // 2025-07-20 05:00 in Seoul

async function checkWorkouts(db: Db, memberIds: number[]): Promise<void> {
  const count = (table: PgTable) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .then(([row]) => row.n);
  // Created once: the second call above added nothing.
  assert.equal(await count(routines), 6);
  assert.ok((await count(repWeights)) > 200);
  for (const memberId of memberIds) {
    const own = await db.select().from(exercises).where(eq(exercises.memberId, memberId));
    assert.ok(own.length >= 6 && own.length <= 8, `${own.length} exercises`);
    assert.ok(new Set(own.map((e) => e.classification)).size >= 6);
    assert.ok(own.some((e) => e.name === '벤치프레스'));
    const theirRoutines = await db.select().from(routines).where(eq(routines.memberId, memberId));
    assert.deepEqual(theirRoutines.map((r) => r.name).sort(), ['상체 루틴', '하체 루틴']);
    for (const routine of theirRoutines) {
      const entries = await db
        .select()
        .from(routineExercises)
        .where(eq(routineExercises.routineId, routine.id));
      assert.ok(entries.length >= 2 && entries.length <= 4);
    }
    const days = await db
      .select()
      .from(todays)
      .where(eq(todays.memberId, memberId))
      .orderBy(asc(todays.localDate));
    assert.ok(days.length >= 22 && days.length <= 30, `${days.length} days`);
    assert.ok(days[0].localDate >= '2025-05-21');
    assert.ok(days.at(-1)!.localDate <= '2025-07-19', 'only past days (Asia/Seoul)');
    assert.ok(days.some((d) => d.checkBox === 'True'));
    assert.ok(days.some((d) => d.checkBox === 'False'));
  }
}

async function checkSocial(db: Db, dir: string, memberIds: number[]): Promise<void> {
  const allPosts = await db.select().from(posts).orderBy(asc(posts.id));
  assert.equal(allPosts.length, 12);
  assert.ok(memberIds.every((id) => allPosts.some((p) => p.memberId === id)));
  assert.ok(allPosts.every((p, i) => i === 0 || p.createdAt > allPosts[i - 1].createdAt));
  const files = readdirSync(dir).filter((name) => name !== '.incoming');
  // through the upload pipeline: each image with its variants, its size and placeholder stored
  assert.deepEqual(displayImages(files).sort(), allPosts.map((p) => p.imageKey).sort());
  assert.equal(files.length, allPosts.length * FILES_PER_IMAGE);
  for (const post of allPosts) {
    const data = readFileSync(path.join(dir, post.imageKey));
    assert.equal(detectImageType(data)?.ext, 'png');
    assert.equal(data.readUInt32BE(16), 320);
    assert.equal(data.readUInt32BE(20), 240);
    assert.deepEqual([post.imageWidth, post.imageHeight], [320, 240]);
    assert.ok(post.imagePlaceholder && post.imagePlaceholder.length > 10);
    for (const width of IMAGE_VARIANTS.widths) {
      assert.ok(files.includes(imageVariantKey(post.imageKey, width, 'webp')));
    }
  }
  assert.equal(new Set(allPosts.map((p) => p.imageKey)).size, 12);
  assert.ok((await db.select().from(comments)).length >= 5);
  const pairs = await db.select().from(friendships);
  const [minjun, seoyeon, jiho] = memberIds;
  assert.deepEqual(
    pairs.map((f) => [f.requesterId, f.addresseeId, f.status]).sort(),
    [
      [minjun, seoyeon, 'ACCEPT'],
      [jiho, minjun, 'REQUEST'],
    ].sort(),
  );
}

for (const kind of databaseKinds()) {
  describe(`demo seed (${kind.name})`, () => {
    it(
      kind.name === 'pglite'
        ? 'creates the three demo members and their workouts once'
        : 'leaves an external PostgreSQL alone',
      async () => {
        const database = await kind.create();
        const dir = mkdtempSync(path.join(tmpdir(), 'eh-seed-images-'));
        const images = new LocalImageStorage(dir, 10 * 1024 * 1024);
        try {
          const started = Date.now();
          const first = await seedDemo(database, ISSUER, NOW, images);
          const elapsed = Date.now() - started;
          const second = await seedDemo(database, ISSUER, NOW, images);
          const rows = await database.db.select().from(members).orderBy(asc(members.id));
          if (kind.name === 'postgres') {
            assert.equal(first, 0);
            assert.equal(rows.length, 0);
            return;
          }
          assert.equal(first, 3);
          assert.equal(second, 0);
          await checkWorkouts(
            database.db,
            rows.map((r) => r.id),
          );
          await checkSocial(
            database.db,
            dir,
            rows.map((r) => r.id),
          );
          assert.ok(elapsed < 10_000, `seeding took ${elapsed} ms`);
          assert.deepEqual(
            rows.map((r) => ({
              name: r.name,
              email: r.email,
              subject: r.subject,
              issuer: r.issuer,
            })),
            DEMO_MEMBERS.map((d) => ({
              name: d.name,
              email: d.email,
              subject: d.email,
              issuer: ISSUER,
            })),
          );
        } finally {
          await database.close();
          rmSync(dir, { recursive: true, force: true });
        }
      },
    );
  });
}

describe('buildMember', () => {
  it('applies overrides over unique defaults', () => {
    const a = buildMember();
    const b = buildMember({ name: '홍길동' });
    assert.notEqual(a.subject, b.subject);
    assert.equal(b.name, '홍길동');
    assert.equal(b.picture, null);
  });
});
