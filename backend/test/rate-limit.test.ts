import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { after, afterEach, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';

import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';

import { type ErrorBody, errorBodySchema } from '@/lib/contract/errors';

import { loadConfig } from '../src/config';
import { idempotencyKeys, type Member, posts } from '../src/db/schema';
import { formatWait, tooManyRequestsMessage } from '../src/http/errors';
import {
  BUDGET_DEFAULTS,
  parseBudget,
  parseTrustProxy,
  rateLimitGroupOf,
} from '../src/http/rate-limits';
import {
  MemoryQuotaStore,
  QUOTA_STEP_BYTES,
  secondsToSeoulMidnight,
  seoulDay,
  UploadQuota,
  UploadQuotaExceededError,
} from '../src/http/upload-quota';
import { buildMember, insertMembers } from '../src/seed/builders';
import { sessionCookie } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { FILES_PER_IMAGE, storedFiles, TINY_IMAGES, uploadPost } from './helpers/images';
import { startRedisPair } from './helpers/instances';

after(dropTestDatabases);

const RATE_LIMITED = /^요청이 너무 많습니다\. .+ 후에 다시 시도해주세요\.$/;
const QUOTA_REACHED =
  /^하루 업로드 용량\(.+\)을 넘어 더 올릴 수 없습니다\. .+ 후에 다시 시도해주세요\.$/;

const exercise = (name: string) => ({
  name,
  memo: '',
  classification: 'CHEST',
  repWeightList: [{ reps: 10, weight: 20 }],
});

/** A noisy PNG of about `kilobytes` KB (noise does not compress). */
async function noisePng(kilobytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt((kilobytes * 1024) / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Asserts a 429 with the JSON error body, `Retry-After` and the RateLimit headers; the parsed body. */
async function expectTooMany(response: Response, message = RATE_LIMITED): Promise<ErrorBody> {
  const text = await response.text();
  assert.equal(response.status, 429, text);
  const body = errorBodySchema.parse(JSON.parse(text));
  assert.equal(body.code, '429');
  assert.equal(body.data, null);
  assert.equal(body.path, null);
  assert.match(body.message, message);
  const retryAfter = response.headers.get('retry-after');
  assert.match(retryAfter ?? '', /^\d+$/, 'Retry-After in whole seconds');
  assert.ok(Number(retryAfter) >= 1);
  return body;
}

describe('rate limit settings', () => {
  it('parses budgets, and refuses malformed ones at start-up', () => {
    assert.deepEqual(parseBudget('30/1h'), { max: 30, windowMs: 3_600_000 });
    assert.deepEqual(parseBudget(' 300 / 1m '), { max: 300, windowMs: 60_000 });
    assert.deepEqual(parseBudget('3/500ms'), { max: 3, windowMs: 500 });
    assert.deepEqual(parseBudget('10/1d'), { max: 10, windowMs: 86_400_000 });
    for (const bad of ['', '30', '30/h', '0/1m', '30/0s', '-1/1m', '30/1w', '1.5/1m']) {
      assert.equal(parseBudget(bad), null, bad);
    }
    assert.throws(() => loadConfig({ RATE_LIMIT_UPLOADS: 'lots' }), /RATE_LIMIT_UPLOADS/);
    assert.throws(() => loadConfig({ TRUST_PROXY: 'everyone' }), /TRUST_PROXY/);
    assert.throws(() => loadConfig({ UPLOAD_QUOTA_BYTES_PER_DAY: '-1' }), /UPLOAD_QUOTA/);
  });

  it('applies the documented defaults', () => {
    const config = loadConfig({});
    assert.equal(config.rateLimits.enabled, true);
    assert.deepEqual(config.rateLimits.budgets, {
      write: { max: 300, windowMs: 60_000 },
      upload: { max: 30, windowMs: 3_600_000 },
      comment: { max: 60, windowMs: 600_000 },
      friendRequest: { max: 30, windowMs: 3_600_000 },
      clubCreate: { max: 10, windowMs: 86_400_000 },
      signIn: { max: 30, windowMs: 60_000 },
      export: { max: 3, windowMs: 3_600_000 },
      readMark: { max: 600, windowMs: 60_000 },
    });
    assert.equal(config.uploadQuotaBytesPerDay, 200 * 1024 * 1024);
    assert.deepEqual(config.trustProxy, ['loopback']);
    assert.equal(loadConfig({ RATE_LIMITS: 'false' }).rateLimits.enabled, false);
    assert.equal(
      loadConfig({ [BUDGET_DEFAULTS.comment.env]: '5/1s' }).rateLimits.budgets.comment.max,
      5,
    );
  });

  it('parses TRUST_PROXY as Fastify takes it', () => {
    assert.equal(parseTrustProxy('true'), true);
    assert.equal(parseTrustProxy('false'), false);
    assert.equal(parseTrustProxy('2'), 2);
    assert.deepEqual(parseTrustProxy('loopback, 10.0.0.0/8,fd00::/8 ,192.168.1.7'), [
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.7',
    ]);
    for (const bad of ['', 'proxy', '10.0.0.0/33', '::1/129', '1.2.3.4/8/8', ',']) {
      assert.equal(parseTrustProxy(bad), null, bad);
    }
  });

  it('puts each route in its group; reads and sessions in none', () => {
    const cases: [string, string, string | null][] = [
      ['POST', '/api/post', 'upload'],
      ['POST', '/api/comment', 'comment'],
      ['POST', '/api/friend/request/:memberId', 'friendRequest'],
      ['POST', '/api/club', 'clubCreate'],
      ['GET', '/oauth2/authorization/google', 'signIn'],
      ['HEAD', '/oauth2/authorization/google', 'signIn'],
      ['GET', '/api/member/export', 'export'],
      ['POST', '/api/exercise', 'write'],
      ['PATCH', '/api/comment/:id', 'write'],
      ['DELETE', '/api/post/:id', 'write'],
      ['PUT', '/api/post/:id/like', 'write'],
      ['POST', '/api/friend/accept/:memberId', 'write'],
      ['POST', '/api/club/:id/join', 'write'],
      ['GET', '/api/posts', null],
      ['HEAD', '/api/posts', null],
      ['GET', '/api/events', null],
      ['POST', '/api/token/refresh', null],
      ['POST', '/api/logout', null],
      ['PUT', '/api/rooms/:roomId/read', 'readMark'],
      ['POST', '/oauth2/dev/interaction/:uid', null],
      ['GET', '/login/oauth2/code/google', null],
      ['POST', undefined as unknown as string, null],
    ];
    for (const [method, url, group] of cases) {
      assert.equal(rateLimitGroupOf(method, url), group, `${method} ${url}`);
    }
  });

  it('words the wait in Korean, rounded up', () => {
    assert.equal(formatWait(0.2), '1초');
    assert.equal(formatWait(59), '59초');
    assert.equal(formatWait(60), '1분');
    assert.equal(formatWait(61), '2분');
    assert.equal(formatWait(3600), '1시간');
    assert.equal(formatWait(3601), '1시간 1분');
    assert.equal(formatWait(86_400), '24시간');
    assert.equal(tooManyRequestsMessage(30), '요청이 너무 많습니다. 30초 후에 다시 시도해주세요.');
  });

  it('counts the quota per Seoul day', () => {
    // 2026-03-01 14:59:59 UTC is 23:59:59 in Seoul; a second later is the next Seoul day.
    const beforeMidnight = Date.UTC(2026, 2, 1, 14, 59, 59);
    assert.equal(seoulDay(beforeMidnight), '2026-03-01');
    assert.equal(seoulDay(beforeMidnight + 1000), '2026-03-02');
    assert.equal(secondsToSeoulMidnight(beforeMidnight), 1);
    assert.equal(secondsToSeoulMidnight(beforeMidnight + 1000), 86_400);
  });

  it('reserves ahead in steps, exactly near the end, and gives back what was not received', async () => {
    let now = Date.UTC(2026, 2, 1, 3);
    const store = new MemoryQuotaStore(() => now);
    const log = pino({ level: 'silent' });
    const quota = new UploadQuota(store, 3 * QUOTA_STEP_BYTES, 'test:', log, () => now);
    const first = await quota.begin(1, 0);
    await first.take(QUOTA_STEP_BYTES + 10);
    await first.finish(true);
    // Declared up front: too much for what is left.
    await assert.rejects(quota.begin(1, 2 * QUOTA_STEP_BYTES), UploadQuotaExceededError);
    // Streamed: a step does not fit any more, the exact bytes do, one more byte does not.
    const second = await quota.begin(1, 0);
    await second.take(2 * QUOTA_STEP_BYTES - 10);
    await assert.rejects(second.take(1), UploadQuotaExceededError);
    await second.finish(false); // refused by the quota: counts nothing
    const third = await quota.begin(1, 2 * QUOTA_STEP_BYTES - 10);
    await third.take(100);
    await third.finish(true);
    // Another member, and the next Seoul day, start from zero.
    await (await quota.begin(2, 3 * QUOTA_STEP_BYTES)).finish(true);
    now += 86_400_000;
    await (await quota.begin(1, 3 * QUOTA_STEP_BYTES)).finish(true);
  });
});

for (const kind of databaseKinds().filter((k) => k.name === 'pglite')) {
  describe(`rate limits on REST (${kind.name})`, () => {
    let server: TestServer;
    let members: Member[];
    afterEach(() => server?.close());

    /** A server with `env` and two members; their session cookies. */
    async function start(env: Record<string, string> = {}) {
      server = await startServer(await kind.create(), env);
      members = await insertMembers(server.database.db, [buildMember(), buildMember()]);
      return Promise.all(members.map((member) => sessionCookie(member)));
    }

    const postCount = async () =>
      (await server.database.db.select({ n: count() }).from(posts))[0].n;
    const call = (cookie: string, method: string, path: string, body?: unknown, headers = {}) =>
      fetch(`${server.baseUrl}${path}`, {
        method,
        headers: {
          cookie,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const tinyPost = (cookie: string, text = '오늘도 운동') =>
      uploadPost(server, cookie, {
        file: { data: TINY_IMAGES.png.data, name: 'a.png', type: 'image/png' },
        text,
      });

    it('the 31st post within the window gets 429 with the body and Retry-After; others still post', async () => {
      const [mine, theirs] = await start();
      for (let i = 1; i <= 30; i++) {
        const response = await tinyPost(mine, `게시물 ${i}`);
        assert.equal(response.status, 201, await response.text());
        assert.equal(response.headers.get('ratelimit-limit'), '30');
        assert.equal(response.headers.get('ratelimit-remaining'), String(30 - i));
      }
      const files = storedFiles(server).length;
      const refused = await tinyPost(mine, '31번째');
      await expectTooMany(refused);
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(retryAfter > 3500 && retryAfter <= 3600, `about an hour: ${retryAfter}`);
      assert.equal(refused.headers.get('ratelimit-limit'), '30');
      assert.equal(refused.headers.get('ratelimit-remaining'), '0');
      assert.equal(refused.headers.get('ratelimit-reset'), String(retryAfter));
      assert.equal(await postCount(), 30);
      assert.equal(storedFiles(server).length, files, 'nothing stored for the refused post');
      assert.equal(files, 30 * FILES_PER_IMAGE);

      // Per member: the other member's budget is untouched; the first member's other writes too.
      assert.equal((await tinyPost(theirs)).status, 201);
      assert.equal((await call(mine, 'POST', '/api/exercise', exercise('벤치'))).status, 201);
    });

    it('limits reset after the window', async () => {
      const [mine] = await start({ RATE_LIMIT_WRITES: '3/1500ms', RATE_LIMIT_UPLOADS: '1/1500ms' });
      for (let i = 0; i < 3; i++) {
        assert.equal((await call(mine, 'POST', '/api/exercise', exercise(`운동${i}`))).status, 201);
      }
      const refused = await call(mine, 'POST', '/api/exercise', exercise('넷째'));
      const body = await expectTooMany(refused);
      assert.match(body.message, /^요청이 너무 많습니다\. [12]초 후에 다시 시도해주세요\.$/);
      assert.equal((await tinyPost(mine)).status, 201);
      await expectTooMany(await tinyPost(mine));

      await delay(1600);
      assert.equal((await call(mine, 'POST', '/api/exercise', exercise('다시'))).status, 201);
      assert.equal((await tinyPost(mine)).status, 201);
    });

    it('does not limit reads', async () => {
      const [mine] = await start({ RATE_LIMIT_WRITES: '1/1m' });
      assert.equal((await call(mine, 'POST', '/api/exercise', exercise('하나'))).status, 201);
      await expectTooMany(await call(mine, 'POST', '/api/exercise', exercise('둘')));
      for (let i = 0; i < 40; i++) {
        const response = await call(mine, 'GET', '/api/member/exercises');
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('ratelimit-limit'), null, 'no budget on reads');
        await response.arrayBuffer();
      }
      // Nor the session endpoints, which share no budget with the writes.
      const check = await call(mine, 'GET', '/api/login/check');
      assert.equal(check.status, 200);
      const logout = await call(mine, 'POST', '/api/logout');
      assert.equal(logout.status, 200);
    });

    it('limits the comments, friend requests and club creation in budgets of their own', async () => {
      const [mine, theirs] = await start({
        RATE_LIMIT_COMMENTS: '2/1m',
        RATE_LIMIT_FRIEND_REQUESTS: '1/1m',
        RATE_LIMIT_CLUBS: '1/1m',
      });
      assert.equal((await tinyPost(theirs)).status, 201);
      const [post] = await server.database.db.select({ id: posts.id }).from(posts);
      for (let i = 0; i < 2; i++) {
        const response = await call(mine, 'POST', '/api/comment', { postId: post.id, text: '굿' });
        assert.equal(response.status, 201, await response.text());
      }
      await expectTooMany(
        await call(mine, 'POST', '/api/comment', { postId: post.id, text: '셋' }),
      );

      const other = members[1];
      assert.equal((await call(mine, 'POST', `/api/friend/request/${other.id}`)).status, 200);
      await expectTooMany(await call(mine, 'POST', `/api/friend/request/${other.id + 100}`));

      const club = {
        title: '새벽 러닝',
        content: '같이 달려요',
        location: '한강',
        schedule: '매주 토요일',
        highlight: '초보 환영',
      };
      assert.equal((await call(mine, 'POST', '/api/club', club)).status, 201);
      const refused = await call(mine, 'POST', '/api/club', { ...club, title: '둘째 클럽' });
      await expectTooMany(refused);
      // The general write budget is separate.
      assert.equal((await call(mine, 'POST', '/api/exercise', exercise('스쿼트'))).status, 201);
    });

    it('limits read marks in a budget of their own, apart from the writes', async () => {
      const [mine, theirs] = await start({
        RATE_LIMIT_READ_MARKS: '2/1m',
        RATE_LIMIT_WRITES: '1/1m',
      });
      // Counted before the route runs: a mark on a room the member is not in counts too.
      for (let i = 0; i < 2; i++) {
        const response = await call(mine, 'PUT', '/api/rooms/1/read', { messageId: 1 });
        assert.notEqual(response.status, 429, await response.text());
        assert.equal(response.headers.get('ratelimit-limit'), '2');
      }
      await expectTooMany(await call(mine, 'PUT', '/api/rooms/1/read', { messageId: 1 }));
      // The write budget is untouched, and so is another member's read-mark budget.
      assert.equal((await call(mine, 'POST', '/api/exercise', exercise('하나'))).status, 201);
      const other = await call(theirs, 'PUT', '/api/rooms/1/read', { messageId: 1 });
      assert.notEqual(other.status, 429);
    });

    it('limits anonymous sign-in starts per client address, which a client cannot spoof', async () => {
      await start({ RATE_LIMIT_SIGN_IN: '2/1m' });
      const begin = (headers: Record<string, string> = {}) =>
        fetch(`${server.baseUrl}/oauth2/authorization/google`, { headers, redirect: 'manual' });
      assert.equal((await begin()).status, 302);
      assert.equal((await begin()).status, 302);
      await expectTooMany(await begin());
      await expectTooMany(await begin({ accept: 'application/json' }));
      // A browser (a navigation) goes back to /login, which says why.
      const page = await begin({ accept: 'text/html,application/xhtml+xml' });
      assert.equal(page.status, 302);
      assert.equal(page.headers.get('location'), `${server.baseUrl}/login?error=busy`);
      assert.match(page.headers.get('retry-after') ?? '', /^\d+$/);

      // Through a trusted proxy (the BFF, on loopback): each client address has its own budget,
      // and only the address the proxy saw counts: a forged left part changes nothing.
      const via = (chain: string) => begin({ 'x-forwarded-for': chain });
      assert.equal((await via('203.0.113.7')).status, 302);
      assert.equal((await via('198.51.100.1, 203.0.113.7')).status, 302);
      await expectTooMany(await via('198.51.100.2, 203.0.113.7'));
      assert.equal((await via('203.0.113.8')).status, 302);
      // IPv6 clients count by /64.
      assert.equal((await via('2001:db8:1:2::1')).status, 302);
      assert.equal((await via('2001:db8:1:2::ffff')).status, 302);
      await expectTooMany(await via('2001:db8:1:2:abcd::1'));
    });

    it('ignores X-Forwarded-For from peers it does not trust', async () => {
      await start({ RATE_LIMIT_SIGN_IN: '2/1m', TRUST_PROXY: '10.0.0.1' });
      const begin = (forwardedFor: string) =>
        fetch(`${server.baseUrl}/oauth2/authorization/google`, {
          headers: { 'x-forwarded-for': forwardedFor },
          redirect: 'manual',
        });
      assert.equal((await begin('203.0.113.1')).status, 302);
      assert.equal((await begin('203.0.113.2')).status, 302);
      await expectTooMany(await begin('203.0.113.3'));
    });

    it('does not keep a 429 as the answer of an Idempotency-Key', async () => {
      const [mine] = await start({
        RATE_LIMIT_WRITES: '1/1500ms',
        UPLOAD_QUOTA_BYTES_PER_DAY: '200',
      });
      const keyed = (key: string) =>
        call(mine, 'POST', '/api/exercise', exercise(`키 ${key}`), { 'idempotency-key': key });
      assert.equal((await keyed('first')).status, 201);
      const refused = await keyed('second');
      await expectTooMany(refused);
      assert.equal(refused.headers.get('idempotent-replayed'), null);
      await delay(1600);
      const retried = await keyed('second');
      assert.equal(retried.status, 201, 'the retry runs: the 429 was not its answer');
      assert.equal(retried.headers.get('idempotent-replayed'), null);

      // The upload quota answers from the route, after the key was reserved: released too.
      await delay(1600);
      const upload = () =>
        fetch(`${server.baseUrl}/api/post`, {
          method: 'POST',
          headers: { cookie: mine, 'idempotency-key': 'photo' },
          body: (() => {
            const form = new FormData();
            form.append('file', new Blob([TINY_IMAGES.png.data], { type: 'image/png' }), 'a.png');
            form.append('text', '사진');
            return form;
          })(),
        });
      await expectTooMany(await upload(), QUOTA_REACHED);
      const rows = await server.database.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, 'photo'));
      assert.deepEqual(rows, [], 'no answer kept for the refused upload');
      const again = await upload();
      await expectTooMany(again, QUOTA_REACHED);
      assert.equal(again.headers.get('idempotent-replayed'), null);
    });

    it('holds the daily upload quota; a refused upload stores nothing', async () => {
      const image = await noisePng(20);
      const quota = Math.floor(image.length * 2.5);
      const [mine, theirs] = await start({ UPLOAD_QUOTA_BYTES_PER_DAY: String(quota) });
      const photo = (cookie: string) =>
        uploadPost(server, cookie, { file: { data: image, name: 'n.png' }, text: '노이즈' });
      assert.equal((await photo(mine)).status, 201);
      assert.equal((await photo(mine)).status, 201);
      const files = storedFiles(server);

      // Declared by Content-Length: refused before the body is read.
      const refused = await photo(mine);
      const body = await expectTooMany(refused, QUOTA_REACHED);
      const retryAfter = Number(refused.headers.get('retry-after'));
      const expected = secondsToSeoulMidnight(Date.now());
      assert.ok(Math.abs(retryAfter - expected) <= 2, `until Seoul midnight: ${retryAfter}`);
      assert.ok(body.message.includes(formatWait(retryAfter).split(' ')[0]));
      assert.equal(await postCount(), 2);
      assert.deepEqual(storedFiles(server), files, 'nothing stored');
      // A body of megabytes is drained unread, so the answer still arrives whole (through the BFF
      // too, which would otherwise see a reset connection).
      const big = await noisePng(3000);
      await expectTooMany(
        await uploadPost(server, mine, { file: { data: big, name: 'big.png' }, text: '큰 사진' }),
        QUOTA_REACHED,
      );

      // Streamed without a length (chunked): stopped as it passes the quota, nothing stored.
      const chunked = await chunkedUpload(server.baseUrl, mine, image);
      assert.equal(chunked.status, 429, chunked.text);
      assert.match(errorBodySchema.parse(JSON.parse(chunked.text)).message, QUOTA_REACHED);
      assert.ok(Number(chunked.headers['retry-after']) > 0);
      assert.equal(await postCount(), 2);
      assert.deepEqual(storedFiles(server), files, 'nothing stored');

      // What is left still fits a small photo (the refusals counted nothing)...
      assert.equal((await tinyPost(mine)).status, 201);
      // ...and the quota is per member.
      assert.equal((await photo(theirs)).status, 201);
      assert.equal((await photo(theirs)).status, 201);
    });

    it('can be switched off', async () => {
      const [mine] = await start({ RATE_LIMITS: 'false', RATE_LIMIT_WRITES: '1/1m' });
      for (let i = 0; i < 3; i++) {
        const response = await call(mine, 'POST', '/api/exercise', exercise(`운동${i}`));
        assert.equal(response.status, 201);
        assert.equal(response.headers.get('ratelimit-limit'), null);
      }
    });
  });
}

/** POST /api/post with a chunked body (no Content-Length), as node:http sends it. */
function chunkedUpload(
  baseUrl: string,
  cookie: string,
  image: Buffer,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}> {
  const boundary = 'rate-limit-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n스트림\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="n.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseUrl}/api/post`,
      {
        method: 'POST',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.write(head);
    for (let at = 0; at < image.length; at += 4096) req.write(image.subarray(at, at + 4096));
    req.end(tail);
  });
}

describe('rate limits across two instances through Redis', () => {
  it('share the budgets and the upload quota', async (t) => {
    const image = await noisePng(20);
    const env = {
      // A prefix of its own: other runs on the same Redis count elsewhere.
      RATE_LIMIT_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      RATE_LIMIT_WRITES: '4/3s',
      UPLOAD_QUOTA_BYTES_PER_DAY: String(Math.floor(image.length * 1.5)),
    };
    const pair = await startRedisPair(t, env);
    if (!pair) return;
    const [first, second] = pair;
    try {
      const [member]: Member[] = await insertMembers(first.database.db, [buildMember()]);
      const cookie = await sessionCookie(member);
      const write = (server: TestServer, name: string) =>
        fetch(`${server.baseUrl}/api/exercise`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify(exercise(name)),
        });
      assert.equal((await write(first, '하나')).status, 201);
      assert.equal((await write(second, '둘')).status, 201);
      assert.equal((await write(first, '셋')).status, 201);
      const fourth = await write(second, '넷');
      assert.equal(fourth.status, 201);
      assert.equal(fourth.headers.get('ratelimit-remaining'), '0', 'the second counted all four');
      await expectTooMany(await write(first, '다섯'));
      await expectTooMany(await write(second, '여섯'));

      const photo = (server: TestServer) =>
        uploadPost(server, cookie, { file: { data: image, name: 'n.png' }, text: '공유' });
      assert.equal((await photo(first)).status, 201);
      await expectTooMany(await photo(second), QUOTA_REACHED);

      // The shared window ends for both (Redis expires the counter).
      await delay(3100);
      assert.equal((await write(second, '다시 둘')).status, 201);
      assert.equal((await write(first, '다시 하나')).status, 201);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
