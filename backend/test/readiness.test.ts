import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';

import pg from 'pg';
import pino from 'pino';

import { fromPool } from '../src/db/client';
import { Readiness, READINESS_CACHE_MS } from '../src/health/readiness';
import { buildMember, insertMembers } from '../src/seed/builders';
import type { ImageStorage } from '../src/storage/image-storage';
import { sessionCookie } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { createPostgresDatabaseUrl, databaseKinds, dropTestDatabases } from './helpers/databases';
import { startS3 } from './helpers/s3';
import { TcpRelay } from './helpers/tcp-relay';
import { delay } from './helpers/wait';

after(dropTestDatabases);

interface Readyz {
  status: number;
  body: { status: string; checks: Record<string, string> };
  ms: number;
}

async function readyz(server: TestServer): Promise<Readyz> {
  const started = Date.now();
  const response = await fetch(`${server.baseUrl}/readyz`);
  const body = (await response.json()) as Readyz['body'];
  assert.equal(response.headers.get('cache-control'), 'no-store');
  return { status: response.status, body, ms: Date.now() - started };
}

/** Polls `/readyz` until it answers `status` (each answer must come within the checks' timeout). */
async function readyzUntil(server: TestServer, status: number, ms = 15_000): Promise<Readyz> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await readyz(server);
    assert.ok(answer.ms < 3000, `answered in ${answer.ms} ms`);
    if (answer.status === status) return answer;
    if (Date.now() > deadline) {
      throw new Error(`/readyz still ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    await delay(200);
  }
}

/** A backend whose Redis is reached through a relay the test can cut ("Redis unreachable"). */
async function startBehindRedisRelay(redisUrl: string) {
  const target = new URL(redisUrl);
  const relay = new TcpRelay(target.hostname, Number(target.port || 6379));
  await relay.start();
  const server = await startServer(await databaseKinds()[0].create(), {
    REDIS_URL: relay.urlFor(redisUrl),
  });
  return { relay, server };
}

async function healthz(server: TestServer): Promise<number> {
  const response = await fetch(`${server.baseUrl}/healthz`);
  assert.deepEqual(await response.json(), { status: 'ok' });
  return response.status;
}

describe('Readiness', () => {
  it('bounds every check by its timeout, runs concurrent probes once, and is unready once stopping', async () => {
    let runs = 0;
    const readiness = new Readiness(
      [
        { name: 'fine', run: async () => void (runs += 1) },
        { name: 'hangs', run: () => new Promise(() => undefined) },
        { name: 'throws', run: async () => Promise.reject(new Error('boom')) },
      ],
      pino({ level: 'silent' }),
      100,
    );
    const started = Date.now();
    const [first, second] = await Promise.all([readiness.check(), readiness.check()]);
    assert.ok(Date.now() - started < 1000);
    assert.equal(first, second);
    assert.equal(runs, 1);
    assert.deepEqual(first, {
      ready: false,
      checks: { fine: 'ok', hangs: 'timeout', throws: 'failed' },
    });
    readiness.stop();
    assert.deepEqual(await readiness.check(), { ready: false, checks: {}, stopping: true });
    assert.equal(runs, 1);
  });
});

describe('Readiness cache (issue 23, point 7)', () => {
  it('answers probes from one run for 2 s, then runs the checks again', async () => {
    let runs = 0;
    let healthy = true;
    let now = 1_000_000;
    const readiness = new Readiness(
      [
        {
          name: 'database',
          run: async () => {
            runs += 1;
            if (!healthy) throw new Error('down');
          },
        },
      ],
      pino({ level: 'silent' }),
      100,
      undefined,
      () => now,
    );
    const first = await Promise.all(Array.from({ length: 20 }, () => readiness.check()));
    assert.equal(runs, 1);
    assert.ok(first.every((report) => report.ready));
    healthy = false;
    now += READINESS_CACHE_MS - 1;
    assert.equal((await readiness.check()).ready, true, 'still the cached report');
    assert.equal(runs, 1);
    now += 1;
    assert.deepEqual(await readiness.check(), { ready: false, checks: { database: 'failed' } });
    assert.equal(runs, 2);
    readiness.stop();
    assert.equal((await readiness.check()).stopping, true, 'stopping is not cached');
  });

  it('runs the checks once for a burst of GET /readyz', async () => {
    let checks = 0;
    const refuse = () => Promise.reject(new Error('not used'));
    const images: ImageStorage = {
      put: refuse,
      open: refuse,
      delete: refuse,
      check: async () => void (checks += 1),
    };
    const server = await startServer(await databaseKinds()[0].create(), {}, { images });
    try {
      const burst = await Promise.all(Array.from({ length: 20 }, () => readyz(server)));
      for (let i = 0; i < 10; i++) burst.push(await readyz(server));
      assert.ok(burst.every((answer) => answer.status === 200));
      assert.equal(checks, 1);
      await delay(READINESS_CACHE_MS + 100);
      assert.equal((await readyz(server)).status, 200);
      assert.equal(checks, 2);
    } finally {
      await server.close();
    }
  });
});

describe('GET /healthz and GET /readyz', () => {
  it('are 200 on a healthy embedded database and local folder', async () => {
    const server = await startServer(await databaseKinds()[0].create());
    try {
      assert.equal(await healthz(server), 200);
      const ready = await readyz(server);
      assert.equal(ready.status, 200);
      assert.deepEqual(ready.body, {
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
      });
    } finally {
      await server.close();
    }
  });

  it('is 503 while PostgreSQL is stopped and 200 again after it restarts, without a backend restart', async (t) => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return t.skip('TEST_DATABASE_URL is not set: no PostgreSQL to stop');
    const url = await createPostgresDatabaseUrl();
    const target = new URL(url);
    // "Stopping PostgreSQL" is closing this relay: the machine's server is shared.
    const relay = new TcpRelay(target.hostname, Number(target.port || 5432));
    await relay.start();
    const server = await startServer(
      fromPool(new pg.Pool({ connectionString: relay.urlFor(url), max: 3 })),
    );
    try {
      const [member] = await insertMembers(server.database.db, [buildMember()]);
      const cookie = await sessionCookie(member);
      const summary = () =>
        fetch(`${server.baseUrl}/api/rooms/summary`, { headers: { cookie } }).then(
          (response) => response.status,
        );
      assert.equal(await summary(), 200);
      const up = await readyz(server);
      assert.equal(up.status, 200);
      assert.deepEqual(up.body.checks, { database: 'ok', migrations: 'ok', storage: 'ok' });

      await relay.stop(); // PostgreSQL goes away: the pool's idle connections break too.
      const down = await readyzUntil(server, 503);
      assert.equal(down.body.status, 'not ready');
      assert.notEqual(down.body.checks.database, 'ok');
      assert.notEqual(down.body.checks.migrations, 'ok');
      assert.equal(down.body.checks.storage, 'ok');
      // The error stays in the log: the public answer names no host or message.
      assert.doesNotMatch(JSON.stringify(down.body), /ECONNREFUSED|127\.0\.0\.1|terminated/);
      // Alive all the same (a liveness probe must not restart it for a database outage).
      assert.equal(await healthz(server), 200);
      assert.equal(await summary(), 500);
      await delay(300);
      assert.equal((await readyz(server)).status, 503, 'still down while stopped');

      await relay.start(); // PostgreSQL is back, on the same address.
      const again = await readyzUntil(server, 200);
      assert.deepEqual(again.body.checks, { database: 'ok', migrations: 'ok', storage: 'ok' });
      assert.equal(await summary(), 200, 'the same process serves again');
    } finally {
      await server.close();
      await relay.stop();
    }
  });

  it('is 503 while Redis is unreachable and 200 again when it is back', async (t) => {
    const redisUrl = process.env.TEST_REDIS_URL;
    if (!redisUrl) return t.skip('TEST_REDIS_URL is not set');
    const { relay, server } = await startBehindRedisRelay(redisUrl);
    try {
      const up = await readyz(server);
      assert.equal(up.status, 200);
      assert.equal(up.body.checks.redis, 'ok');
      await relay.stop();
      const down = await readyzUntil(server, 503);
      assert.notEqual(down.body.checks.redis, 'ok');
      assert.equal(down.body.checks.database, 'ok');
      assert.equal(await healthz(server), 200);
      await relay.start();
      const again = await readyzUntil(server, 200);
      assert.equal(again.body.checks.redis, 'ok');
    } finally {
      await server.close();
      await relay.stop();
    }
  });

  it('closes cleanly while Redis is unreachable', async (t) => {
    const redisUrl = process.env.TEST_REDIS_URL;
    if (!redisUrl) return t.skip('TEST_REDIS_URL is not set');
    const { relay, server } = await startBehindRedisRelay(redisUrl);
    try {
      await relay.stop();
      await readyzUntil(server, 503);
    } finally {
      // A shutdown during a Redis outage must not throw (a throwing close left the process open).
      await server.close();
      await relay.stop();
    }
  });

  it('is 503 while the image bucket is unreachable', async () => {
    const s3 = await startS3();
    let stopped = false;
    const server = await startServer(await databaseKinds()[0].create(), s3.env);
    try {
      const up = await readyz(server);
      assert.equal(up.status, 200, JSON.stringify(up.body));
      assert.equal(up.body.checks.storage, 'ok');
      await s3.close();
      stopped = true;
      const down = await readyzUntil(server, 503);
      assert.notEqual(down.body.checks.storage, 'ok');
      assert.equal(down.body.checks.database, 'ok');
    } finally {
      await server.close();
      if (!stopped) await s3.close();
    }
  });

  it('is 503 for a bucket that does not exist', async () => {
    const s3 = await startS3();
    const server = await startServer(await databaseKinds()[0].create(), {
      ...s3.env,
      S3_BUCKET: 'no-such-bucket',
    });
    try {
      const down = await readyz(server);
      assert.equal(down.status, 503);
      assert.equal(down.body.checks.storage, 'failed');
    } finally {
      await server.close();
      await s3.close();
    }
  });
});
