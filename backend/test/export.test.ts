import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, afterEach, beforeEach, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';

import { strFromU8, unzipSync } from 'fflate';
import { Redis } from 'ioredis';
import pino from 'pino';

import { type ErrorBody, errorBodySchema } from '@/lib/contract/errors';

import { neutralizeCell, restoreCell } from '../src/csv/cell';
import type { Member } from '../src/db/schema';
import { csvField, toCsv } from '../src/export/csv';
import { ExportLocks } from '../src/export/export-lock';
import { EXPORT_RUNNING_RETRY_SECONDS } from '../src/export/routes';
import { MESSAGES } from '../src/http/errors';
import {
  buildClub,
  buildDay,
  buildExercise,
  buildMember,
  buildMessage,
  buildPost,
  buildRoutine,
  entryOf,
  insertClubs,
  insertComments,
  insertDays,
  insertExercises,
  insertFriendship,
  insertMembers,
  insertMessages,
  insertPosts,
  insertRoutines,
  type StoredPost,
} from '../src/seed/builders';
import type { ImageStorage, OpenedImage } from '../src/storage/image-storage';
import { LocalImageStorage } from '../src/storage/local-image-storage';
import { sessionCookie } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { imagesDir } from './helpers/images';
import { captureLogs } from './helpers/log-capture';
import { readZip } from './helpers/zip';

after(dropTestDatabases);

describe('csv writer (RFC 4180)', () => {
  it('quotes commas, quotes and line breaks, and leaves plain fields alone', () => {
    assert.equal(csvField('벤치프레스'), '벤치프레스');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\nlines'), '"two\nlines"');
    assert.equal(csvField('cr\rhere'), '"cr\rhere"');
    assert.equal(csvField(42.5), '42.5');
    assert.equal(csvField(true), 'true');
    assert.equal(csvField(null), '');
    assert.equal(csvField(undefined), '');
  });

  it('neutralises text a spreadsheet would run as a formula, and reads it back exactly', () => {
    assert.equal(csvField('=HYPERLINK("http://x")'), `"'=HYPERLINK(""http://x"")"`);
    assert.equal(csvField('+1'), "'+1");
    assert.equal(csvField('-2'), "'-2");
    assert.equal(csvField('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvField('\tcmd'), "'\tcmd");
    assert.equal(csvField('\rcmd'), `"'\rcmd"`);
    // Numbers are numbers: a negative one is not text to neutralise.
    assert.equal(csvField(-5), '-5');
    assert.equal(csvField('a=b'), 'a=b');
    assert.equal(csvField("it's"), "it's");
    // Text that already starts with quotes before a formula gets one more, so that it reads back.
    assert.equal(neutralizeCell("'=1"), "''=1");
    for (const text of [
      '=HYPERLINK("http://x")',
      '+1',
      '-2',
      '@SUM(A1)',
      '\tx',
      '\rx',
      "'=1",
      "''+2",
      "'plain",
      "'",
      '',
      '벤치프레스',
    ]) {
      assert.equal(restoreCell(neutralizeCell(text)), text, JSON.stringify(text));
    }
  });

  it('writes a BOM, the header row and CRLF-ended rows', () => {
    assert.equal(toCsv(['A', 'B'], [['x,y', 1]]), '\uFEFFA,B\r\n"x,y",1\r\n');
    assert.equal(toCsv(['A'], [], { bom: false }), 'A\r\n');
  });
});

const EXPECTED_FILES = [
  'README.txt',
  'profile.json',
  'exercises.json',
  'routines.json',
  'workouts.csv',
  'workouts.json',
  'posts.json',
  'comments.json',
  'friends.json',
  'clubs.json',
  'chat-messages.json',
];

const TRICKY = '벤치, "인클라인"';

const RATE_LIMITED = /^요청이 너무 많습니다\. .+ 후에 다시 시도해주세요\.$/;

/** Asserts a 429 with the JSON error body and `Retry-After` in whole seconds; the parsed body. */
async function expectTooMany(response: Response, message: RegExp | string): Promise<ErrorBody> {
  const text = await response.text();
  assert.equal(response.status, 429, text);
  const body = errorBodySchema.parse(JSON.parse(text));
  assert.equal(body.code, '429');
  assert.equal(body.data, null);
  if (typeof message === 'string') assert.equal(body.message, message);
  else assert.match(body.message, message);
  assert.match(response.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
  return body;
}
// Strings only the other member owns: none of them may appear anywhere in my export.
const THEIRS = [
  '타인비밀',
  '남의운동XYZ',
  '남의게시물XYZ',
  '남의댓글XYZ',
  '남의메시지XYZ',
  '비밀소개XYZ',
];

for (const kind of databaseKinds()) {
  describe(`member data export (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let other: Member;
    let pal: Member;
    let asker: Member;
    let target: Member;
    let myPost: StoredPost;
    let theirPost: StoredPost;
    let storage: LocalImageStorage;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      const db = server.database.db;
      [me, other, pal, asker, target] = await insertMembers(db, [
        buildMember({ name: '나회원' }),
        buildMember({ name: '타인비밀' }),
        buildMember({ name: '친구하나' }),
        buildMember({ name: '요청자' }),
        buildMember({ name: '받을사람' }),
      ]);
      const [bench, squat, theirs] = await insertExercises(db, [
        buildExercise({ memberId: me.id, name: TRICKY, memo: '가슴 위쪽' }),
        buildExercise({ memberId: me.id, name: '스쿼트', classification: 'LOWERBODY' }),
        buildExercise({ memberId: other.id, name: '남의운동XYZ' }),
      ]);
      await insertRoutines(db, [
        buildRoutine({ memberId: me.id, name: '월요일 루틴', entries: [entryOf(bench, 1)] }),
      ]);
      await insertDays(db, [
        buildDay({
          memberId: me.id,
          localDate: '2025-03-02',
          checkBox: 'True',
          entries: [
            entryOf(bench, 1, [
              { reps: 10, weight: 42.5, done: true },
              { reps: 8, weight: 45, done: false },
            ]),
            entryOf(squat, 2, [{ reps: 5, weight: 100, done: true }]),
          ],
        }),
        buildDay({
          memberId: me.id,
          localDate: '2025-03-01',
          entries: [entryOf(squat, 1, [{ reps: 5, weight: 90 }])],
        }),
        buildDay({
          memberId: other.id,
          localDate: '2025-03-02',
          entries: [entryOf(theirs, 1, [{ reps: 1, weight: 300, done: true }])],
        }),
      ]);
      storage = new LocalImageStorage(imagesDir(server), 1024 * 1024);
      [myPost, theirPost] = await insertPosts(db, storage, [
        buildPost({ memberId: me.id, text: '오늘 운동 완료' }),
        buildPost({ memberId: other.id, text: '남의게시물XYZ' }),
      ]);
      await insertComments(db, [
        { postId: theirPost.id, memberId: me.id, text: '멋져요' },
        { postId: myPost.id, memberId: other.id, text: '남의댓글XYZ' },
      ]);
      await insertFriendship(db, me.id, pal.id, true);
      await insertFriendship(db, asker.id, me.id, false);
      await insertFriendship(db, me.id, target.id, false);
      const [theirClub, myClub] = await insertClubs(db, [
        buildClub({
          ownerId: other.id,
          title: '새벽 러닝',
          content: '비밀소개XYZ',
          memberIds: [me.id],
        }),
        buildClub({ ownerId: me.id, title: '내 클럽', content: '같이 해요' }),
      ]);
      await insertMessages(db, [
        buildMessage({ roomId: theirClub.chatRoomId, memberId: me.id, message: '안녕하세요' }),
        buildMessage({
          roomId: theirClub.chatRoomId,
          memberId: other.id,
          message: '남의메시지XYZ',
        }),
        buildMessage({ roomId: myClub.chatRoomId, memberId: me.id, message: '첫 글' }),
      ]);
    });
    afterEach(() => server?.close());

    async function download(member: Member) {
      const response = await fetch(`${server.baseUrl}/api/member/export`, {
        headers: { cookie: await sessionCookie(member) },
      });
      assert.equal(response.status, 200);
      return { response, files: unzipSync(new Uint8Array(await response.arrayBuffer())) };
    }
    const text = (files: Record<string, Uint8Array>, name: string) => strFromU8(files[name]);
    const parse = (files: Record<string, Uint8Array>, name: string) =>
      JSON.parse(text(files, name)) as unknown;

    it('answers a ZIP attachment with every file', async () => {
      const { response, files } = await download(me);
      assert.equal(response.headers.get('content-type'), 'application/zip');
      assert.match(
        response.headers.get('content-disposition') ?? '',
        /^attachment; filename="everyhealth-export-\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      assert.equal(response.headers.get('cache-control'), 'no-store');
      for (const name of EXPECTED_FILES) assert.ok(files[name], `${name} present`);
      assert.match(text(files, 'README.txt'), /workouts\.csv/);

      const profile = parse(files, 'profile.json') as Record<string, unknown>;
      assert.equal(profile.id, me.id);
      assert.equal(profile.name, '나회원');
      assert.deepEqual(profile.settings, {
        weightUnit: 'kg',
        autoCompleteDay: true,
        restSeconds: 90,
      });
      assert.match(String(profile.createdDate), /^\d{4}-\d{2}-\d{2}T/);

      const exercises = parse(files, 'exercises.json') as Array<Record<string, unknown>>;
      assert.deepEqual(
        exercises.map((e) => [e.name, e.classification, e.memo]),
        [
          [TRICKY, 'CHEST', '가슴 위쪽'],
          ['스쿼트', 'LOWERBODY', null],
        ],
      );
      assert.equal((exercises[0].repWeightList as unknown[]).length, 3);
      const routines = parse(files, 'routines.json') as Array<{
        routineName: string;
        routineExerciseDtoList: Array<{ exerciseName: string; repWeightList: unknown[] }>;
      }>;
      assert.equal(routines[0].routineName, '월요일 루틴');
      assert.equal(routines[0].routineExerciseDtoList[0].exerciseName, TRICKY);
      assert.equal(routines[0].routineExerciseDtoList[0].repWeightList.length, 3);

      const days = parse(files, 'workouts.json') as Array<{ localDate: string; checkBox: string }>;
      assert.deepEqual(
        days.map((d) => [d.localDate, d.checkBox]),
        [
          ['2025-03-01', 'False'],
          ['2025-03-02', 'True'],
        ],
      );

      const friends = parse(files, 'friends.json');
      assert.deepEqual(friends, {
        friends: [{ id: pal.id, name: '친구하나' }],
        sentRequests: [{ id: target.id, name: '받을사람' }],
        receivedRequests: [{ id: asker.id, name: '요청자' }],
      });
      const clubs = parse(files, 'clubs.json') as Array<Record<string, unknown>>;
      assert.deepEqual(
        clubs.map((c) => [c.title, c.role, c.content]),
        [
          ['새벽 러닝', 'MEMBER', undefined],
          ['내 클럽', 'OWNER', '같이 해요'],
        ],
      );
      const messages = parse(files, 'chat-messages.json') as Array<Record<string, unknown>>;
      assert.deepEqual(
        messages.map((m) => m.message),
        ['안녕하세요', '첫 글'],
      );
      const comments = parse(files, 'comments.json') as Array<Record<string, unknown>>;
      assert.deepEqual(
        comments.map((c) => [c.postId, c.text]),
        [[theirPost.id, '멋져요']],
      );
    });

    it('writes one CSV row per logged set, in the Strong/Hevy shape', async () => {
      const { files } = await download(me);
      const bytes = Buffer.from(files['workouts.csv']);
      // The UTF-8 BOM leads: Excel needs it to read Korean names as UTF-8.
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
      assert.deepEqual(bytes.subarray(3).toString('utf8').split('\r\n'), [
        'Date,Workout Name,Exercise Name,Set Order,Weight (kg),Reps,Done,Completed,Set Type,RPE',
        '2025-03-01,EveryHealth 2025-03-01,스쿼트,1,90,5,false,false,NORMAL,',
        '2025-03-02,EveryHealth 2025-03-02,"벤치, ""인클라인""",1,42.5,10,true,true,NORMAL,',
        '2025-03-02,EveryHealth 2025-03-02,"벤치, ""인클라인""",2,45,8,false,true,NORMAL,',
        '2025-03-02,EveryHealth 2025-03-02,스쿼트,1,100,5,true,true,NORMAL,',
        '',
      ]);
    });

    it("includes the member's post images and nothing of another member", async () => {
      const { files } = await download(me);
      const posts = parse(files, 'posts.json') as Array<Record<string, unknown>>;
      assert.equal(posts.length, 1);
      assert.equal(posts[0].id, myPost.id);
      assert.equal(posts[0].text, '오늘 운동 완료');
      assert.equal(posts[0].likeCount, 0);
      assert.equal(posts[0].image, myPost.imageKey);
      const opened = await storage.open(myPost.imageKey);
      assert.ok(opened);
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
      assert.deepEqual(Buffer.from(files[`images/${myPost.imageKey}`]), Buffer.concat(chunks));
      const imageFiles = Object.keys(files).filter((name) => name.startsWith('images/'));
      assert.deepEqual(imageFiles, [`images/${myPost.imageKey}`]);

      for (const [name, bytes] of Object.entries(files)) {
        if (name.startsWith('images/')) continue;
        const content = strFromU8(bytes);
        for (const secret of [...THEIRS, theirPost.imageKey]) {
          assert.ok(!content.includes(secret), `${name} must not contain ${secret}`);
        }
      }
    });

    it('notes an unreadable image in README.txt instead of failing', async () => {
      const { rmSync } = await import('node:fs');
      const path = await import('node:path');
      rmSync(path.join(imagesDir(server), myPost.imageKey));
      const { files } = await download(me);
      assert.equal(files[`images/${myPost.imageKey}`], undefined);
      assert.match(text(files, 'README.txt'), new RegExp(myPost.imageKey.replaceAll('.', '\\.')));
      const posts = parse(files, 'posts.json') as Array<Record<string, unknown>>;
      assert.equal(posts[0].imageIncluded, false);
    });

    it('answers 3 exports an hour per member; the 4th is 429 with Retry-After', async () => {
      for (let i = 0; i < 3; i++) await download(me);
      const refused = await fetch(`${server.baseUrl}/api/member/export`, {
        headers: { cookie: await sessionCookie(me) },
      });
      const body = await expectTooMany(refused, RATE_LIMITED);
      assert.ok(Number(refused.headers.get('retry-after')) <= 3600);
      assert.equal(body.code, '429');
      // Another member's budget is their own.
      await download(other);
    });

    it('is 401 without a session', async () => {
      const response = await fetch(`${server.baseUrl}/api/member/export`);
      assert.equal(response.status, 401);
      assert.equal(errorBodySchema.parse(await response.json()).code, '401');
    });
  });
}

/**
 * An image storage in front of a real one whose reads wait until `release()`: an export stays in
 * progress as long as the test wants. `opens` counts the reads asked for.
 */
class GatedStorage implements ImageStorage {
  opens = 0;
  private opened!: () => void;
  /** Resolves when the first read is asked for. */
  readonly firstOpen = new Promise<void>((resolve) => (this.opened = resolve));
  release!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.release = resolve));
  /** Keys whose stream fails half-way (a storage error mid-photo). */
  readonly failing = new Set<string>();

  constructor(private readonly inner: ImageStorage) {}

  put(stream: Readable) {
    return this.inner.put(stream);
  }

  delete(key: string) {
    return this.inner.delete(key);
  }

  async open(key: string): Promise<OpenedImage | null> {
    this.opens += 1;
    this.opened();
    await this.gate;
    const opened = await this.inner.open(key);
    if (!opened || !this.failing.has(key)) return opened;
    async function* halfThenFail() {
      yield Buffer.from([0xff, 0xd8, 0xff]);
      throw new Error('connection reset by the object store');
    }
    opened.stream.destroy();
    return { ...opened, stream: Readable.from(halfThenFail()) };
  }
}

describe('one export at a time per member (pglite)', () => {
  let server: TestServer;
  let storage: GatedStorage;
  let folder: string;
  let me: Member;
  let other: Member;
  let myPosts: StoredPost[];
  const logs = captureLogs();

  beforeEach(async () => {
    const pglite = databaseKinds().find((kind) => kind.name === 'pglite')!;
    folder = mkdtempSync(path.join(tmpdir(), 'eh-export-gated-'));
    storage = new GatedStorage(new LocalImageStorage(folder, 1024 * 1024));
    server = await startServer(
      await pglite.create(),
      { LOG_LEVEL: 'info' },
      { images: storage, logStream: logs.stream },
    );
    const db = server.database.db;
    [me, other] = await insertMembers(db, [
      buildMember({ name: '나회원' }),
      buildMember({ name: '다른회원' }),
    ]);
    myPosts = await insertPosts(
      db,
      storage,
      Array.from({ length: 5 }, (_, i) => buildPost({ memberId: me.id, text: `사진 ${i}` })),
    );
  });
  afterEach(async () => {
    storage.release();
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const exportAs = async (member: Member, signal?: AbortSignal) =>
    fetch(`${server.baseUrl}/api/member/export`, {
      headers: { cookie: await sessionCookie(member) },
      signal,
    });

  it('refuses a second export while the first runs (429, not counted), then serves it again', async () => {
    const first = exportAs(me);
    await storage.firstOpen;
    const second = await exportAs(me);
    await expectTooMany(second, MESSAGES.exportRunning);
    assert.equal(second.headers.get('retry-after'), String(EXPORT_RUNNING_RETRY_SECONDS));
    // Another member's export is not held up (they have no photos to wait for).
    assert.equal((await exportAs(other)).status, 200);

    storage.release();
    const response = await first;
    assert.equal(response.status, 200);
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    assert.equal(entries.filter((entry) => entry.name.startsWith('images/')).length, 5);

    // The refused one did not count: two more fit in the hour's 3, then the budget is spent.
    for (let i = 0; i < 2; i++) {
      const again = await exportAs(me);
      assert.equal(again.status, 200);
      await again.arrayBuffer();
    }
    await expectTooMany(await exportAs(me), RATE_LIMITED);
  });

  it('stops reading photos and frees the slot when the client goes away mid-export', async () => {
    const controller = new AbortController();
    const first = exportAs(me, controller.signal).catch((error: unknown) => error);
    await storage.firstOpen;
    controller.abort();
    assert.equal(((await first) as Error).name, 'AbortError');
    // Let the server see the closed connection before the read it waits on comes back.
    await delay(200);
    storage.release();
    await delay(500);
    assert.equal(storage.opens, 1, 'no photo read after the client left');
    const next = await exportAs(me);
    assert.equal(next.status, 200);
    await next.arrayBuffer();
  });

  it('leaves out a photo whose read fails half-way, logs it and names it in README.txt', async () => {
    const broken = myPosts[2].imageKey;
    storage.failing.add(broken);
    storage.release();
    const response = await exportAs(me);
    assert.equal(response.status, 200);
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    const names = entries.map((entry) => entry.name);
    assert.equal(names.filter((name) => name.startsWith('images/')).length, 4);
    assert.ok(!names.includes(`images/${broken}`));
    const file = (name: string) => entries.find((entry) => entry.name === name)!.data.toString();
    assert.match(file('README.txt'), new RegExp(broken.replaceAll('.', '\\.')));
    const posts = JSON.parse(file('posts.json')) as Array<{
      image: string;
      imageIncluded: boolean;
    }>;
    assert.deepEqual(
      posts.filter((post) => !post.imageIncluded).map((post) => post.image),
      [broken],
    );
    assert.ok(
      logs.lines.some(
        (line) =>
          line.msg === 'export: post image unreadable; left out' && line.imageKey === broken,
      ),
    );
  });
});

for (const counters of ['memory', 'redis'] as const) {
  const redisUrl = process.env.TEST_REDIS_URL;
  const skip = counters === 'redis' && !redisUrl ? 'TEST_REDIS_URL is not set' : false;
  describe(`whether an export would be accepted now (counters in ${counters})`, { skip }, () => {
    let server: TestServer;
    let storage: GatedStorage;
    let folder: string;
    let me: Member;

    beforeEach(async () => {
      const pglite = databaseKinds().find((kind) => kind.name === 'pglite')!;
      folder = mkdtempSync(path.join(tmpdir(), 'eh-export-availability-'));
      storage = new GatedStorage(new LocalImageStorage(folder, 1024 * 1024));
      const env: Record<string, string> =
        counters === 'redis'
          ? {
              REDIS_URL: redisUrl!,
              // Counters and lock of its own: other runs on this Redis stay out.
              RATE_LIMIT_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
              REDIS_CHANNEL_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
            }
          : {};
      server = await startServer(await pglite.create(), env, { images: storage });
      [me] = await insertMembers(server.database.db, [buildMember({ name: '나회원' })]);
      await insertPosts(server.database.db, storage, [buildPost({ memberId: me.id })]);
    });
    afterEach(async () => {
      storage.release();
      await server.close();
      rmSync(folder, { recursive: true, force: true });
    });

    const get = async (url: string, member?: Member) =>
      fetch(`${server.baseUrl}${url}`, {
        headers: member ? { cookie: await sessionCookie(member) } : {},
      });
    const availability = (member?: Member) => get('/api/member/export/availability', member);
    const expectAvailable = async (response: Response) => {
      assert.equal(response.status, 204, await response.text());
      assert.equal(response.headers.get('cache-control'), 'no-store');
    };

    it("is 204, then the export's 429 while one runs and once the hour's 3 are spent, spending nothing", async () => {
      await expectAvailable(await availability(me));

      const first = get('/api/member/export', me);
      await storage.firstOpen;
      const running = await availability(me);
      await expectTooMany(running, MESSAGES.exportRunning);
      assert.equal(running.headers.get('retry-after'), String(EXPORT_RUNNING_RETRY_SECONDS));
      storage.release();
      const done = await first;
      assert.equal(done.status, 200);
      await done.arrayBuffer();
      // The slot is let go when the response is over (the close event).
      await delay(50);

      // Asking spends no budget and takes no slot: however often, two more exports fit.
      for (let i = 0; i < 5; i++) await expectAvailable(await availability(me));
      for (let i = 0; i < 2; i++) {
        const again = await get('/api/member/export', me);
        assert.equal(again.status, 200);
        await again.arrayBuffer();
        await delay(50);
      }

      const spent = await availability(me);
      await expectTooMany(spent, RATE_LIMITED);
      const wait = Number(spent.headers.get('retry-after'));
      assert.ok(wait > 3000 && wait <= 3600, `Retry-After ${wait}`);
      // It says what the export itself now answers.
      const refused = await get('/api/member/export', me);
      const body = await expectTooMany(refused, RATE_LIMITED);
      assert.ok(Math.abs(Number(refused.headers.get('retry-after')) - wait) <= 1);
      const again = await availability(me);
      assert.equal(errorBodySchema.parse(await again.json()).message, body.message);
    });

    it('is 401 without a session', async () => {
      const response = await availability();
      assert.equal(response.status, 401);
      assert.equal(errorBodySchema.parse(await response.json()).code, '401');
    });
  });
}

describe('the export lock across instances (Redis)', () => {
  it('holds one export per member across two instances until released', async (t) => {
    const url = process.env.TEST_REDIS_URL;
    if (!url) return t.skip('TEST_REDIS_URL is not set');
    const prefix = `test-${randomBytes(6).toString('hex')}:`;
    const log = pino({ level: 'silent' });
    const [redisA, redisB] = [new Redis(url), new Redis(url)];
    try {
      // Two instances: each its own process-local set, one shared Redis.
      const a = new ExportLocks(redisA, prefix, log);
      const b = new ExportLocks(redisB, prefix, log);
      const release = await a.acquire(7);
      assert.ok(release);
      assert.equal(await b.acquire(7), null, 'the other instance sees the running export');
      assert.equal(await b.isRunning(7), true, 'and says so when asked');
      assert.equal(await b.isRunning(8), false);
      assert.equal(await a.acquire(7), null, 'and so does this one');
      const otherMember = await b.acquire(8);
      assert.ok(otherMember, "another member's export is free");
      otherMember();
      release();
      // The release is sent without waiting for it: give Redis a moment.
      await delay(100);
      assert.equal(await b.isRunning(7), false);
      const again = await b.acquire(7);
      assert.ok(again, 'free again once released');
      again();
      release();
      await delay(100);
      assert.equal(await redisA.exists(`${prefix}export-running:7`), 0, 'nothing left behind');
    } finally {
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});
