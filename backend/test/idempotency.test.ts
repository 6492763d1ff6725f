import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { and, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';

import { errorBodySchema } from '@/lib/contract/errors';
import { likeStateSchema } from '@/lib/contract/post';
import { setDoneResultSchema, todayExerciseSchema, todaySchema } from '@/lib/contract/today';

import { loadConfig } from '../src/config';
import {
  idempotencyKeys,
  type Member,
  postLikes,
  posts,
  repWeights,
  todayExercises,
  todays,
} from '../src/db/schema';
import {
  IDEMPOTENCY_MESSAGES,
  parseIdempotencyKey,
  STALE_RESERVATION_SECONDS,
} from '../src/http/idempotency';
import { parsePrefer } from '../src/http/prefer';
import {
  buildDay,
  buildExercise,
  buildMember,
  buildPost,
  buildRoutine,
  entryOf,
  insertDays,
  insertExercises,
  insertMembers,
  insertPosts,
  insertRoutines,
  type StoredExercise,
} from '../src/seed/builders';
import { LocalImageStorage } from '../src/storage/local-image-storage';
import { sessionCookie } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { imagesDir, TINY_IMAGES } from './helpers/images';

after(dropTestDatabases);

const DATE = '2025-07-19';
const entryListSchema = z.array(todayExerciseSchema);

interface Answer {
  status: number;
  text: string;
  type: string | null;
  replayed: string | null;
  applied: string | null;
}

interface SendOptions {
  body?: unknown;
  /** The Idempotency-Key header as sent (already quoted or not). */
  key?: string;
  prefer?: string;
}

/** Polls `condition` every 5 ms until it holds, or fails naming `what` after 5 s. */
async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`no ${what} within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let keyCounter = 0;
/** A fresh key in the draft's structured-field form. */
const newKey = () => `"${crypto.randomUUID()}-${++keyCounter}"`;

describe('Idempotency-Key and Prefer parsing', () => {
  it('accepts structured-field strings and bare tokens of 1–255 visible ASCII characters', () => {
    assert.equal(
      parseIdempotencyKey('"8e03978e-40d5-43e8-bc93-6894a57f9324"'),
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    );
    assert.equal(parseIdempotencyKey('8e03978e-40d5'), '8e03978e-40d5');
    assert.equal(parseIdempotencyKey('"a\\"b\\\\c"'), 'a"b\\c');
    assert.equal(parseIdempotencyKey('x'.repeat(255)), 'x'.repeat(255));
    assert.equal(parseIdempotencyKey(`"${'x'.repeat(255)}"`), 'x'.repeat(255));
    for (const bad of [
      '',
      '""',
      '"a b"',
      'a b',
      '"abc',
      '"abc"x',
      '"abc";p=1',
      '"a\\qb"',
      '"a", "b"',
      'x'.repeat(256),
      `"${'x'.repeat(256)}"`,
      'clé',
      'tab\there',
    ]) {
      assert.equal(parseIdempotencyKey(bad), null, JSON.stringify(bad));
    }
  });

  it('reads every preference of Prefer headers, the first instance winning', () => {
    assert.deepEqual(
      [...parsePrefer('respond-async, RETURN = "representation"; x=1, wait=5, return=minimal')],
      [
        ['respond-async', ''],
        ['return', 'representation'],
        ['wait', '5'],
      ],
    );
    assert.deepEqual(
      [...parsePrefer(['handling=lenient', 'return=representation'])],
      [
        ['handling', 'lenient'],
        ['return', 'representation'],
      ],
    );
    assert.deepEqual(
      [...parsePrefer('foo="a,b;c", return=representation')],
      [
        ['foo', 'a,b;c'],
        ['return', 'representation'],
      ],
    );
    assert.equal(parsePrefer(undefined).size, 0);
  });

  it('reads and validates IDEMPOTENCY_KEY_TTL_HOURS', () => {
    assert.equal(loadConfig({}).idempotencyKeyTtlHours, 24);
    assert.equal(loadConfig({ IDEMPOTENCY_KEY_TTL_HOURS: '' }).idempotencyKeyTtlHours, 24);
    assert.equal(loadConfig({ IDEMPOTENCY_KEY_TTL_HOURS: '48' }).idempotencyKeyTtlHours, 48);
    for (const bad of ['0', '-1', '1.5', 'day', '8761']) {
      assert.throws(
        () => loadConfig({ IDEMPOTENCY_KEY_TTL_HOURS: bad }),
        /IDEMPOTENCY_KEY_TTL_HOURS/,
        bad,
      );
    }
  });
});

for (const kind of databaseKinds()) {
  describe(`Idempotency-Key and Prefer on writes (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let other: Member;
    let myCookie: string;
    let theirCookie: string;
    let bench: StoredExercise;
    let squat: StoredExercise;
    let curl: StoredExercise;
    let theirs: StoredExercise;
    let dayId: number;
    let e1: number;
    let e2: number;
    let squatSet: number;
    let theirEntry: number;

    async function start(env: Record<string, string> = {}) {
      server = await startServer(await kind.create(), env);
      [me, other] = await insertMembers(server.database.db, [buildMember(), buildMember()]);
      myCookie = await sessionCookie(me);
      theirCookie = await sessionCookie(other);
      [bench, squat, curl, theirs] = await insertExercises(server.database.db, [
        buildExercise({ memberId: me.id, name: '벤치프레스', sets: [{ reps: 10, weight: 60 }] }),
        buildExercise({ memberId: me.id, name: '스쿼트', classification: 'LOWERBODY' }),
        buildExercise({ memberId: me.id, name: '바벨컬', classification: 'BICEPS' }),
        buildExercise({ memberId: other.id, name: '데드리프트', classification: 'BACK' }),
      ]);
      const [day, theirDay] = await insertDays(server.database.db, [
        buildDay({
          memberId: me.id,
          localDate: DATE,
          entries: [
            entryOf(bench, 1, [
              { reps: 10, weight: 60 },
              { reps: 8, weight: 60 },
            ]),
            entryOf(squat, 2, [{ reps: 5, weight: 100 }]),
          ],
        }),
        buildDay({
          memberId: other.id,
          localDate: DATE,
          entries: [entryOf(theirs, 1, [{ reps: 1, weight: 200 }])],
        }),
      ]);
      dayId = day.id;
      [e1, e2] = day.entryIds;
      [theirEntry] = theirDay.entryIds;
      [{ id: squatSet }] = await server.database.db
        .select({ id: repWeights.id })
        .from(repWeights)
        .where(eq(repWeights.todayExerciseId, e2));
    }

    beforeEach(() => start());
    afterEach(() => server?.close());

    const db = () => server.database.db;

    async function send(
      cookie: string,
      method: string,
      path: string,
      options: SendOptions = {},
    ): Promise<Answer> {
      const headers: Record<string, string> = { cookie };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.key !== undefined) headers['idempotency-key'] = options.key;
      if (options.prefer !== undefined) headers.prefer = options.prefer;
      const response = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      return {
        status: response.status,
        text: await response.text(),
        type: response.headers.get('content-type'),
        replayed: response.headers.get('idempotent-replayed'),
        applied: response.headers.get('preference-applied'),
      };
    }
    const mine = (method: string, path: string, options?: SendOptions) =>
      send(myCookie, method, path, options);

    async function day(date = DATE) {
      const answer = await mine('GET', `/api/today/date/${date}`);
      assert.equal(answer.status, 200, answer.text);
      return todaySchema.parse(JSON.parse(answer.text));
    }
    async function entryCount(todayId = dayId): Promise<number> {
      const [row] = await db()
        .select({ n: count() })
        .from(todayExercises)
        .where(eq(todayExercises.todayId, todayId));
      return row.n;
    }
    async function keyRows(memberId = me.id) {
      return db().select().from(idempotencyKeys).where(eq(idempotencyKeys.memberId, memberId));
    }
    /** Asserts the second answer is the first, replayed. */
    function assertReplay(first: Answer, second: Answer) {
      assert.equal(first.replayed, null, 'the first answer is not a replay');
      assert.equal(second.replayed, 'true', `a replay: ${second.status} ${second.text}`);
      assert.equal(second.status, first.status);
      assert.equal(second.type, first.type);
      assert.equal(second.text, first.text);
      assert.equal(second.applied, first.applied);
    }

    interface WriteCase {
      name: string;
      method: string;
      path: () => string;
      body?: () => unknown;
      /** Runs before the first send (e.g. stores the post the write is about). */
      prepare?: () => Promise<void>;
      status: number;
      text?: string;
      /**
       * Runs between the two sends: changes the state so that a second run would show, or notes
       * the state after the first.
       */
      between?: () => Promise<unknown>;
      /** Asserts the state shows the write applied exactly once. */
      appliedOnce: (first: Answer, noted: unknown) => Promise<void>;
    }

    /** The post a case of the table is about (set by its `prepare`). */
    let postId = 0;
    const storePost = async (memberId: number) => {
      const storage = new LocalImageStorage(imagesDir(server), 1024 * 1024);
      [{ id: postId }] = await insertPosts(db(), storage, [buildPost({ memberId })]);
    };

    const writes: WriteCase[] = [
      {
        name: 'POST /api/today?date= (create a day)',
        method: 'POST',
        path: () => '/api/today?date=2025-07-20',
        status: 201,
        text: '2025-07-20의 Today를 생성했습니다.',
        appliedOnce: async () => {
          const rows = await db()
            .select({ id: todays.id })
            .from(todays)
            .where(and(eq(todays.memberId, me.id), eq(todays.localDate, '2025-07-20')));
          assert.equal(rows.length, 1);
        },
      },
      {
        name: 'POST /api/todayExercise/{date} (add)',
        method: 'POST',
        path: () => `/api/todayExercise/${DATE}`,
        body: () => [{ id: curl.id, type: 'exercise', sequence: 3 }],
        status: 200,
        text: 'add todayExercise',
        appliedOnce: async () => {
          const names = (await day()).todayExercises.map((entry) => entry.exerciseName);
          assert.deepEqual(names, ['벤치프레스', '스쿼트', '바벨컬']);
        },
      },
      {
        name: 'PATCH /api/todayExercise/{todayId} (sets replaced)',
        method: 'PATCH',
        path: () => `/api/todayExercise/${dayId}`,
        body: () => [{ id: e1, repWeightList: [{ reps: '5', weight: '100' }] }],
        status: 200,
        text: 'update TodayExercise',
        between: async () => (await day()).todayExercises[0].repWeightList,
        appliedOnce: async (_first, setsAfterFirst) => {
          // A second run would have replaced the new set by yet another (a new id).
          const sets = (await day()).todayExercises[0].repWeightList;
          assert.deepEqual(sets, setsAfterFirst);
          assert.deepEqual(
            sets.map(({ reps, weight }) => [reps, weight]),
            [[5, 100]],
          );
        },
      },
      {
        name: 'PATCH /api/todayExercise/updateSequence/{todayId}',
        method: 'PATCH',
        path: () => `/api/todayExercise/updateSequence/${dayId}`,
        body: () => [{ id: e2, sequence: 0 }],
        status: 200,
        text: 'update sequence todayExercise',
        between: async () => {
          await db().update(todayExercises).set({ sequence: 1 }).where(eq(todayExercises.id, e1));
          await db().update(todayExercises).set({ sequence: 2 }).where(eq(todayExercises.id, e2));
        },
        appliedOnce: async () => {
          // A second run would have put e2 first again.
          const order = (await day()).todayExercises.map((entry) => entry.id);
          assert.deepEqual(order, [e1, e2]);
        },
      },
      {
        name: 'PATCH /api/todayExercise/set/{setId} (tick)',
        method: 'PATCH',
        path: () => `/api/todayExercise/set/${squatSet}`,
        body: () => ({ done: true }),
        status: 200,
        between: async () => {
          await db().update(repWeights).set({ done: false }).where(eq(repWeights.id, squatSet));
        },
        appliedOnce: async (first) => {
          assert.deepEqual(setDoneResultSchema.parse(JSON.parse(first.text)), {
            done: true,
            checkBox: 'False',
          });
          const [squatEntry] = (await day()).todayExercises.filter((entry) => entry.id === e2);
          assert.equal(squatEntry.repWeightList[0].done, false, 'the replay did not tick again');
        },
      },
      {
        name: 'POST /api/today/checkbox/{todayId}?checked=',
        method: 'POST',
        path: () => `/api/today/checkbox/${dayId}?checked=true`,
        status: 200,
        text: 'update checkbox',
        between: async () => {
          await db().update(todays).set({ checkBox: 'False' }).where(eq(todays.id, dayId));
        },
        appliedOnce: async () => {
          assert.equal((await day()).checkBox, 'False', 'the replay did not tick again');
        },
      },
      {
        name: 'DELETE /api/todayExercise/{id}',
        method: 'DELETE',
        path: () => `/api/todayExercise/${e1}`,
        status: 200,
        text: 'delete todayExercise',
        appliedOnce: async () => {
          assert.deepEqual(
            (await day()).todayExercises.map((entry) => entry.id),
            [e2],
          );
        },
      },
      {
        name: 'PUT /api/post/{id}/like (issue 16)',
        method: 'PUT',
        path: () => `/api/post/${postId}/like`,
        prepare: () => storePost(other.id),
        status: 200,
        // Unliked meanwhile: a second run would like it again.
        between: () => db().delete(postLikes).where(eq(postLikes.postId, postId)),
        appliedOnce: async (first) => {
          assert.deepEqual(likeStateSchema.parse(JSON.parse(first.text)), {
            liked: true,
            likeCount: 1,
          });
          assert.equal(first.type, 'application/json; charset=utf-8');
          const likes = await db().select().from(postLikes).where(eq(postLikes.postId, postId));
          assert.deepEqual(likes, [], 'the replay did not like again');
        },
      },
      {
        name: 'DELETE /api/post/{id} (issue 16)',
        method: 'DELETE',
        path: () => `/api/post/${postId}`,
        prepare: () => storePost(me.id),
        status: 200,
        // Without the key, a second delete would be 404.
        text: 'delete post',
        appliedOnce: async () => {
          const left = await db().select().from(posts).where(eq(posts.id, postId));
          assert.deepEqual(left, []);
        },
      },
    ];

    // Paths and bodies are functions: the ids of each test's fresh database differ.
    for (const write of writes) {
      it(`applies ${write.name} once when sent twice with one key`, async () => {
        await write.prepare?.();
        const key = newKey();
        const options = { key, body: write.body?.() };
        const first = await mine(write.method, write.path(), options);
        assert.equal(first.status, write.status, first.text);
        if (write.text !== undefined) {
          assert.equal(first.text, write.text);
          assert.equal(first.type, 'text/plain; charset=utf-8');
        }
        const noted = await write.between?.();
        const second = await mine(write.method, write.path(), options);
        assertReplay(first, second);
        await write.appliedOnce(first, noted);

        const [row] = await keyRows();
        assert.equal(row.key, JSON.parse(key));
        assert.equal(row.status, write.status);
        assert.equal(row.body?.toString('utf8'), first.text);
      });
    }

    it('answers a write without the header as before, every time', async () => {
      const path = '/api/today?date=2025-07-20';
      const first = await mine('POST', path);
      assert.equal(first.status, 201);
      assert.equal(first.text, '2025-07-20의 Today를 생성했습니다.');
      assert.equal(first.type, 'text/plain; charset=utf-8');
      const second = await mine('POST', path);
      assert.equal(second.status, 400, 'the original duplicate answer');
      assert.equal(
        errorBodySchema.parse(JSON.parse(second.text)).message,
        '이미 해당 날짜의 Today가 존재합니다.',
      );
      for (let i = 0; i < 2; i++) {
        const added = await mine('POST', `/api/todayExercise/${DATE}`, {
          body: [{ id: curl.id, type: 'exercise' }],
        });
        assert.equal(added.text, 'add todayExercise');
        assert.equal(added.replayed, null);
      }
      assert.equal(await entryCount(), 4);
      assert.deepEqual(await keyRows(), [], 'nothing remembered');
    });

    it('ignores the header on reads and public endpoints', async () => {
      const read = await mine('GET', `/api/today/date/${DATE}`, { key: 'not a key' });
      assert.equal(read.status, 200);
      const logout = await send('', 'POST', '/api/logout', { key: 'not a key' });
      const plain = await send('', 'POST', '/api/logout');
      assert.equal(logout.status, plain.status);
      assert.notEqual(logout.status, 400);
      assert.deepEqual(await keyRows(), []);
    });

    it('fingerprints a body nested 200 000 levels deep without failing', async () => {
      const deep = '['.repeat(200_000) + ']'.repeat(200_000);
      const answers = [];
      for (const key of [undefined, newKey()]) {
        const response = await fetch(`${server.baseUrl}/api/todayExercise/${DATE}`, {
          method: 'POST',
          headers: {
            cookie: myCookie,
            'content-type': 'application/json',
            ...(key ? { 'idempotency-key': key } : {}),
          },
          body: deep,
        });
        answers.push([response.status, errorBodySchema.parse(await response.json()).message]);
      }
      assert.equal(answers[0][0], 400);
      assert.deepEqual(answers[1], answers[0]);
      assert.equal((await keyRows())[0]?.status, 400, 'the refusal is remembered');
      assert.equal(await entryCount(), 2);
    });

    it('refuses malformed keys with the error body, applying nothing', async () => {
      for (const key of ['""', '"a b"', 'a b', '"unterminated', '"x"y', 'x'.repeat(256)]) {
        const answer = await mine('POST', `/api/todayExercise/${DATE}`, {
          key,
          body: [{ id: curl.id, type: 'exercise' }],
        });
        assert.equal(answer.status, 400, key);
        const body = errorBodySchema.parse(JSON.parse(answer.text));
        assert.equal(body.code, '400');
        assert.equal(body.message, IDEMPOTENCY_MESSAGES.invalidKey);
      }
      // Two headers arrive joined by ", ".
      const twice = await fetch(`${server.baseUrl}/api/today/checkbox/${dayId}?checked=true`, {
        method: 'POST',
        headers: [
          ['cookie', myCookie],
          ['idempotency-key', '"a"'],
          ['idempotency-key', '"b"'],
        ],
      });
      assert.equal(twice.status, 400);
      assert.equal(await entryCount(), 2);
      assert.equal((await day()).checkBox, 'False');
      assert.deepEqual(await keyRows(), []);

      const bare = await mine('POST', `/api/today/checkbox/${dayId}?checked=true`, {
        key: 'bare-token_1.2:3',
      });
      assert.equal(bare.status, 200);
      assert.equal((await keyRows())[0].key, 'bare-token_1.2:3');
    });

    it('replays a refusal identically: 404 for another member’s entry, 400 for a bad body', async () => {
      const key = newKey();
      const first = await send(theirCookie, 'DELETE', `/api/todayExercise/${e1}`, { key });
      assert.equal(first.status, 404);
      const second = await send(theirCookie, 'DELETE', `/api/todayExercise/${e1}`, { key });
      assertReplay(first, second);
      assert.equal(
        errorBodySchema.parse(JSON.parse(second.text)).timestamp,
        errorBodySchema.parse(JSON.parse(first.text)).timestamp,
        'the very same body',
      );
      assert.equal(await entryCount(), 2, 'my entry is still there');
      const mineRefused = await mine('DELETE', `/api/todayExercise/${theirEntry}`, { key });
      assert.equal(mineRefused.status, 404, 'my key of the same spelling is mine');
      assert.equal(mineRefused.replayed, null);

      const badKey = newKey();
      const badBody = [{ id: curl.id, type: 'workout' }];
      const refused = await mine('POST', `/api/todayExercise/${DATE}`, {
        key: badKey,
        body: badBody,
      });
      assert.equal(refused.status, 400);
      const again = await mine('POST', `/api/todayExercise/${DATE}`, {
        key: badKey,
        body: badBody,
      });
      assertReplay(refused, again);
      assert.equal(await entryCount(), 2);
    });

    it('runs one of concurrent requests with one key; the others are 409 or replays', async () => {
      const key = newKey();
      const body = [{ id: curl.id, type: 'exercise' }];
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => mine('POST', `/api/todayExercise/${DATE}`, { key, body })),
      );
      const ran = answers.filter((a) => a.status === 200 && a.replayed === null);
      assert.equal(ran.length, 1, JSON.stringify(answers));
      for (const answer of answers) {
        if (answer === ran[0]) continue;
        if (answer.status === 409) {
          assert.equal(
            errorBodySchema.parse(JSON.parse(answer.text)).message,
            IDEMPOTENCY_MESSAGES.inProgress,
          );
        } else {
          assertReplay(ran[0], answer);
        }
      }
      assert.equal(await entryCount(), 3, 'applied once');
      const settled = await mine('POST', `/api/todayExercise/${DATE}`, { key, body });
      assertReplay(ran[0], settled);
    });

    it('answers 409 while the first request with the key is still running', async () => {
      const key = newKey();
      const body = [{ id: curl.id, type: 'exercise' }];
      const path = `/api/todayExercise/${DATE}`;
      const first = await mine('POST', path, { key, body });
      assert.equal(first.status, 200);
      // What another instance sees while the first request runs there: a reservation, no answer.
      await db()
        .update(idempotencyKeys)
        .set({ status: null })
        .where(eq(idempotencyKeys.memberId, me.id));
      const busy = await mine('POST', path, { key, body });
      assert.equal(busy.status, 409);
      assert.equal(busy.replayed, null);
      assert.equal(
        errorBodySchema.parse(JSON.parse(busy.text)).message,
        IDEMPOTENCY_MESSAGES.inProgress,
      );
      assert.equal(await entryCount(), 3, 'not applied again');
      // Another request with the key is still 422, running or not.
      const reused = await mine('POST', path, { key, body: [{ id: bench.id, type: 'exercise' }] });
      assert.equal(reused.status, 422);

      // A reservation that never got its answer (its instance crashed) is taken over once stale.
      await db()
        .update(idempotencyKeys)
        .set({ createdAt: new Date(Date.now() - (STALE_RESERVATION_SECONDS + 5) * 1000) })
        .where(eq(idempotencyKeys.memberId, me.id));
      const retried = await mine('POST', path, { key, body });
      assert.equal(retried.status, 200, retried.text);
      assert.equal(retried.replayed, null);
      assert.equal(await entryCount(), 4, 'run again once the reservation went stale');
    });

    if (kind.name === 'postgres') {
      it('holds a second request with the key off while the first waits on a lock', async () => {
        const key = newKey();
        const body = [{ id: curl.id, type: 'exercise' }];
        const path = `/api/todayExercise/${DATE}`;
        let first: Promise<Answer> | undefined;
        await db().transaction(async (tx) => {
          // Entries reference the day: adding one waits for this lock on the day's row.
          await tx.select().from(todays).where(eq(todays.id, dayId)).for('update');
          first = mine('POST', path, { key, body });
          await waitFor(async () => (await keyRows()).length > 0, 'the reservation');
          const second = await mine('POST', path, { key, body });
          assert.equal(second.status, 409, second.text);
        });
        const answer = await first!;
        assert.equal(answer.status, 200, answer.text);
        assert.equal(await entryCount(), 3);
        assertReplay(answer, await mine('POST', path, { key, body }));
      });
    }

    it('refuses a key reused for another request (422), and keeps keys per member', async () => {
      const key = newKey();
      const path = `/api/todayExercise/${DATE}`;
      const first = await mine('POST', path, { key, body: [{ id: curl.id, type: 'exercise' }] });
      assert.equal(first.status, 200);
      for (const [method, otherPath, body] of [
        ['POST', path, [{ id: bench.id, type: 'exercise' }]],
        ['POST', `/api/todayExercise/2025-07-18`, [{ id: curl.id, type: 'exercise' }]],
        ['PATCH', path, [{ id: curl.id, type: 'exercise' }]],
      ] as const) {
        const reused = await mine(method, otherPath, { key, body });
        assert.equal(reused.status, 422, `${method} ${otherPath}`);
        assert.equal(
          errorBodySchema.parse(JSON.parse(reused.text)).message,
          IDEMPOTENCY_MESSAGES.reused,
        );
      }
      assert.deepEqual(
        (await day()).todayExercises.map((entry) => entry.exerciseName),
        ['벤치프레스', '스쿼트', '바벨컬'],
        'nothing else applied',
      );

      // The same body re-serialised (other key order, spacing) is the same request.
      const reordered = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { cookie: myCookie, 'content-type': 'application/json', 'idempotency-key': key },
        body: `[ { "type": "exercise",  "id": ${curl.id} } ]`,
      });
      assert.equal(reordered.headers.get('idempotent-replayed'), 'true');

      // Another member's key of the same spelling is theirs.
      const theirAnswer = await send(theirCookie, 'POST', path, {
        key,
        body: [{ id: theirs.id, type: 'exercise' }],
      });
      assert.equal(theirAnswer.status, 200, theirAnswer.text);
      assert.equal(theirAnswer.replayed, null);
      const [theirDay] = await db()
        .select({ id: todays.id })
        .from(todays)
        .where(and(eq(todays.memberId, other.id), eq(todays.localDate, DATE)));
      assert.equal(await entryCount(theirDay.id), 2);
      assert.equal((await keyRows(other.id)).length, 1);
    });

    it('forgets a key after IDEMPOTENCY_KEY_TTL_HOURS and purges expired ones lazily', async () => {
      await server.close();
      await start({ IDEMPOTENCY_KEY_TTL_HOURS: '2' });
      // An expired reservation of another key, purged by the next reservation.
      await db()
        .insert(idempotencyKeys)
        .values({
          memberId: me.id,
          key: 'stale',
          fingerprint: 'x',
          createdAt: sql`now() - interval '3 hours'`,
        });
      const key = newKey();
      const path = `/api/todayExercise/${DATE}`;
      const body = [{ id: curl.id, type: 'exercise' }];
      const first = await mine('POST', path, { key, body });
      assert.equal(first.status, 200);
      assert.deepEqual(
        (await keyRows()).map((row) => row.key),
        [JSON.parse(key)],
        'the stale key was purged',
      );

      const age = async (hours: number) =>
        db()
          .update(idempotencyKeys)
          .set({ createdAt: sql`now() - make_interval(hours => ${hours}::int)` })
          .where(eq(idempotencyKeys.memberId, me.id));
      await age(1);
      const young = await mine('POST', path, { key, body });
      assertReplay(first, young);
      assert.equal(await entryCount(), 3);

      await age(3);
      const expired = await mine('POST', path, { key, body });
      assert.equal(expired.status, 200);
      assert.equal(expired.replayed, null, 'ran again');
      assert.equal(await entryCount(), 4);
      const again = await mine('POST', path, { key, body });
      assertReplay(expired, again);
      assert.equal(await entryCount(), 4);
    });

    it('releases the key on a 5xx, so that the retry runs', async () => {
      await db().execute(
        sql.raw(`create function eh_test_fail() returns trigger language plpgsql as $$
          begin raise exception 'down for maintenance'; end $$`),
      );
      await db().execute(
        sql.raw(`create trigger eh_test_fail before insert on todays
          for each row execute function eh_test_fail()`),
      );
      const key = newKey();
      const failed = await mine('POST', '/api/today?date=2025-07-20', { key });
      assert.equal(failed.status, 500);
      assert.deepEqual(await keyRows(), [], 'released');

      await db().execute(sql.raw('drop trigger eh_test_fail on todays'));
      const retried = await mine('POST', '/api/today?date=2025-07-20', { key });
      assert.equal(retried.status, 201);
      assert.equal(retried.replayed, null);
      assert.equal((await day('2025-07-20')).todayExercises.length, 0);
      const replayed = await mine('POST', '/api/today?date=2025-07-20', { key });
      assertReplay(retried, replayed);
    });

    it('releases the key of an upload cut off mid-body, and keeps the completed one', async () => {
      const key = newKey();
      const boundary = 'eh-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n오운완\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
          `Content-Type: image/png\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const whole = Buffer.concat([head, TINY_IMAGES.png.data, tail]);
      const url = new URL('/api/post', server.baseUrl);
      const req = httpRequest(url, {
        method: 'POST',
        headers: {
          cookie: myCookie,
          'idempotency-key': key,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(whole.length),
        },
      });
      const closed = new Promise<void>((resolve) => {
        req.on('error', () => resolve());
        req.on('close', () => resolve());
      });
      req.write(head);
      // Go away mid-body once the key is reserved (the route is reading the stream by then).
      await waitFor(async () => (await keyRows()).length > 0, 'the reservation');
      req.destroy();
      await closed;
      await waitFor(async () => (await keyRows()).length === 0, 'the release');
      assert.deepEqual(await keyRows(), [], 'the cut-off upload released its key');

      const upload = () =>
        fetch(url, {
          method: 'POST',
          headers: {
            cookie: myCookie,
            'idempotency-key': key,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          body: whole,
        });
      const first = await upload();
      assert.equal(first.status, 201, await first.clone().text());
      const second = await upload();
      assert.equal(second.status, 201);
      assert.equal(second.headers.get('idempotent-replayed'), 'true');
      assert.equal(second.headers.get('content-type'), first.headers.get('content-type'));
      assert.equal(await second.text(), '');
      const [stored] = await db()
        .select({ n: count() })
        .from(posts)
        .where(eq(posts.memberId, me.id));
      assert.equal(stored.n, 1, 'one post');
    });

    it('answers POST /api/today with the new day under Prefer: return=representation', async () => {
      const created = await mine('POST', '/api/today?date=2025-07-20', {
        prefer: 'respond-async, return=representation; charset=utf-8',
      });
      assert.equal(created.status, 201);
      assert.equal(created.applied, 'return=representation');
      assert.equal(created.type, 'application/json; charset=utf-8');
      const today = todaySchema.parse(JSON.parse(created.text));
      assert.deepEqual(today, await day('2025-07-20'));
      assert.deepEqual(
        { ...today, id: 0 },
        { id: 0, todayExercises: [], localDate: '2025-07-20', checkBox: 'False' },
      );

      const minimal = await mine('POST', '/api/today?date=2025-07-21', {
        prefer: 'return=minimal',
      });
      assert.equal(minimal.text, '2025-07-21의 Today를 생성했습니다.');
      assert.equal(minimal.type, 'text/plain; charset=utf-8');
      assert.equal(minimal.applied, null);

      // With a key, the replay is the representation again, still marked as one.
      const key = newKey();
      const withKey = await mine('POST', '/api/today?date=2025-07-22', {
        key,
        prefer: 'return=representation',
      });
      const replayed = await mine('POST', '/api/today?date=2025-07-22', {
        key,
        prefer: 'return=representation',
      });
      assertReplay(withKey, replayed);
      assert.equal(replayed.applied, 'return=representation');
      todaySchema.parse(JSON.parse(replayed.text));
    });

    it('answers POST /api/todayExercise/{date} with the created entries, in order', async () => {
      const [routine] = await insertRoutines(db(), [
        buildRoutine({
          memberId: me.id,
          entries: [entryOf(curl, 2, [{ reps: 12, weight: 20 }]), entryOf(bench, 1)],
        }),
      ]);
      const added = await mine('POST', `/api/todayExercise/${DATE}`, {
        prefer: 'return=representation',
        body: [
          { id: squat.id, type: 'exercise' },
          { id: routine.id, type: 'routine' },
        ],
      });
      assert.equal(added.status, 200);
      assert.equal(added.applied, 'return=representation');
      const entries = entryListSchema.parse(JSON.parse(added.text));
      assert.deepEqual(
        entries.map((entry) => [entry.exerciseName, entry.sequence]),
        [
          ['스쿼트', 3],
          ['벤치프레스', 4],
          ['바벨컬', 5],
        ],
      );
      assert.deepEqual(entries, (await day()).todayExercises.slice(2), 'as GET answers them');
      assert.ok(
        entries.every((entry) => entry.repWeightList.every((set) => typeof set.id === 'number')),
      );

      const plain = await mine('POST', `/api/todayExercise/${DATE}`, {
        body: [{ id: squat.id, type: 'exercise' }],
      });
      assert.equal(plain.text, 'add todayExercise');
      assert.equal(plain.applied, null);
    });

    it('answers PATCH /api/todayExercise/{todayId} with the updated entries, in request order', async () => {
      const before = await day();
      const kept = before.todayExercises[0].repWeightList[0];
      const patched = await mine('PATCH', `/api/todayExercise/${dayId}`, {
        prefer: 'return=representation',
        body: [
          { id: e2, repWeightList: [{ reps: 3, weight: 110 }] },
          {
            id: e1,
            repWeightList: [
              { id: kept.id, reps: 9, weight: 62.5 },
              { reps: '7', weight: '' },
            ],
          },
        ],
      });
      assert.equal(patched.status, 200, patched.text);
      assert.equal(patched.applied, 'return=representation');
      const entries = entryListSchema.parse(JSON.parse(patched.text));
      assert.deepEqual(
        entries.map((entry) => entry.id),
        [e2, e1],
      );
      const after = await day();
      assert.deepEqual(entries, [after.todayExercises[1], after.todayExercises[0]]);
      assert.deepEqual(
        entries[1].repWeightList.map(({ id, reps, weight }) => [id === kept.id, reps, weight]),
        [
          [true, 9, 62.5],
          [false, 7, 0],
        ],
      );
      assert.notEqual(entries[0].repWeightList[0].id, before.todayExercises[1].repWeightList[0].id);

      const plain = await mine('PATCH', `/api/todayExercise/${dayId}`, {
        body: [{ id: e2, repWeightList: [{ reps: 3, weight: 110 }] }],
      });
      assert.equal(plain.text, 'update TodayExercise');
      assert.equal(plain.type, 'text/plain; charset=utf-8');
      assert.equal(plain.applied, null);
      // Another member's entry is still 404 with a preference.
      const refused = await send(theirCookie, 'PATCH', `/api/todayExercise/${dayId}`, {
        prefer: 'return=representation',
        body: [{ id: e2, repWeightList: [{ reps: 1, weight: 1 }] }],
      });
      assert.equal(refused.status, 404);
      assert.equal(refused.applied, null);
      assert.deepEqual((await day()).todayExercises[1].repWeightList.length, 1);
    });
  });
}
