import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';

import pino from 'pino';

import { EXPOSED_DEV_SIGN_IN_WARNING } from '../src/auth/dev-provider/interaction-page';
import { resolveJwtSecret, secretBytes } from '../src/auth/secret';
import { isLoopbackHost, loadConfig, redisDatabaseNumber } from '../src/config';
import { startServer } from './helpers/app';
import { databaseKinds } from './helpers/databases';
import { CookieJar, location, request } from './helpers/http';
import { captureLogs } from './helpers/log-capture';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.port, 8080);
    assert.equal(config.publicUrl, 'http://localhost:3000');
    assert.equal(config.publicOrigin, 'http://localhost:3000');
    assert.equal(config.secureCookies, false);
    assert.equal(config.dataDir, path.resolve(process.cwd(), '.data'));
    assert.equal(config.seedDemo, true);
    assert.equal(config.accessTokenMinutes, 30);
    assert.equal(config.refreshTokenDays, 7);
    assert.equal(config.refreshGraceSeconds, 30);
    assert.equal(config.google, undefined);
    assert.equal(config.s3, undefined, 'images in the local folder');
    assert.equal(config.redisChannelPrefix, '', 'the channels of a deployment without a prefix');
  });

  it('reads ALLOWED_ORIGINS as bare origins, normalised, without the public one', () => {
    assert.deepEqual(loadConfig({}).allowedOrigins, []);
    assert.deepEqual(
      loadConfig({
        PUBLIC_URL: 'http://localhost:3000',
        ALLOWED_ORIGINS:
          ' https://App.Vercel.app , http://localhost:3002/,https://app.vercel.app,http://localhost:3000 ',
      }).allowedOrigins,
      ['https://app.vercel.app', 'http://localhost:3002'],
    );
    for (const bad of [
      'https://app.example/path',
      'app.example',
      'ftp://app.example',
      'https://a@b.example',
      'https://app.example?x=1',
    ]) {
      assert.throws(
        () => loadConfig({ ALLOWED_ORIGINS: bad }),
        /ALLOWED_ORIGINS: .* is not an origin/,
        bad,
      );
    }
  });

  it('reads the S3 settings: path style for a custom endpoint, the SDK chain without keys', () => {
    assert.deepEqual(
      loadConfig({
        S3_BUCKET: 'eh-images',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
      {
        bucket: 'eh-images',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      },
    );
    assert.deepEqual(loadConfig({ S3_BUCKET: 'eh-images', S3_REGION: 'ap-northeast-2' }).s3, {
      bucket: 'eh-images',
      region: 'ap-northeast-2',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    assert.equal(
      loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://r2.example', S3_FORCE_PATH_STYLE: 'false' })
        .s3?.forcePathStyle,
      false,
    );
  });

  it('fails fast with every invalid variable named', () => {
    assert.throws(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' }), /GOOGLE_CLIENT_ID: set both/);
    assert.throws(
      () => loadConfig({ BACKEND_PORT: 'x', PUBLIC_URL: 'nope' }),
      /BACKEND_PORT[\s\S]*PUBLIC_URL/,
    );
    assert.throws(() => loadConfig({ SEED_DEMO: 'maybe' }), /SEED_DEMO/);
    assert.throws(
      () => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' }),
      /S3_ACCESS_KEY_ID: set both/,
    );
    assert.throws(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' }), /S3_BUCKET/);
    assert.throws(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio' }), /S3_ENDPOINT/);
    // A glob character would widen the fan-out's pattern subscriptions to other deployments.
    assert.throws(() => loadConfig({ REDIS_CHANNEL_PREFIX: 'staging*' }), /REDIS_CHANNEL_PREFIX/);
  });

  it('reads the chat and live stream limits, 8/10/1 MiB/256/10 by default', () => {
    const defaults = loadConfig({});
    assert.deepEqual(defaults.chatLimits, {
      maxSubscriptions: 8,
      maxConnectionsPerMember: 10,
      maxBufferedBytes: 1024 * 1024,
      maxUnauthenticated: 256,
    });
    assert.equal(defaults.liveMaxStreamsPerMember, 10);
    const set = loadConfig({
      CHAT_MAX_SUBSCRIPTIONS: '2',
      CHAT_MAX_CONNECTIONS_PER_MEMBER: '3',
      CHAT_MAX_BUFFERED_BYTES: '65536',
      CHAT_MAX_UNAUTHENTICATED: '5',
      LIVE_MAX_STREAMS_PER_MEMBER: '4',
    });
    assert.deepEqual(set.chatLimits, {
      maxSubscriptions: 2,
      maxConnectionsPerMember: 3,
      maxBufferedBytes: 65536,
      maxUnauthenticated: 5,
    });
    assert.equal(set.liveMaxStreamsPerMember, 4);
    for (const name of [
      'CHAT_MAX_SUBSCRIPTIONS',
      'CHAT_MAX_UNAUTHENTICATED',
      'LIVE_MAX_STREAMS_PER_MEMBER',
    ]) {
      assert.throws(() => loadConfig({ [name]: '0' }), new RegExp(name));
    }
  });

  it('marks cookies Secure for an https public URL and trims a trailing slash', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://everyhealth.example/',
      SEED_DEMO: 'false',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    assert.equal(config.publicUrl, 'https://everyhealth.example');
    assert.equal(config.secureCookies, true);
    assert.equal(config.seedDemo, false);
  });
});

describe('the Redis channel prefix (issue 23, point 5)', () => {
  it('defaults from the Redis database number, as ioredis reads it', () => {
    const prefix = (env: Record<string, string>) => loadConfig(env).redisChannelPrefix;
    assert.equal(prefix({ REDIS_URL: 'redis://cache:6379/5' }), 'db5:');
    assert.equal(prefix({ REDIS_URL: 'rediss://u:p@cache:6380/12' }), 'db12:');
    assert.equal(prefix({ REDIS_URL: 'redis://cache:6379?db=3' }), 'db3:');
    assert.equal(prefix({ REDIS_URL: 'redis://cache:6379/7?db=3' }), 'db7:', 'the path wins');
    // Database 0 keeps the names of earlier versions (no split during a rolling upgrade).
    assert.equal(prefix({ REDIS_URL: 'redis://cache:6379' }), '');
    assert.equal(prefix({ REDIS_URL: 'redis://cache:6379/' }), '');
    assert.equal(prefix({ REDIS_URL: 'redis://cache:6379/0' }), '');
    assert.equal(
      prefix({ REDIS_URL: 'redis://cache:6379/5', REDIS_CHANNEL_PREFIX: 'prod:' }),
      'prod:',
    );
    assert.equal(loadConfig({ REDIS_URL: 'redis://cache/5' }).redisChannelPrefixDerived, true);
    assert.equal(
      loadConfig({ REDIS_URL: 'redis://cache/5', REDIS_CHANNEL_PREFIX: 'x:' })
        .redisChannelPrefixDerived,
      false,
    );
    assert.equal(redisDatabaseNumber('redis://cache:6379/15'), 15);
  });

  it('warns at start when REDIS_URL is set and REDIS_CHANNEL_PREFIX is not', async (t) => {
    const url = process.env.TEST_REDIS_URL;
    if (!url) return t.skip('TEST_REDIS_URL is not set');
    const onDb5 = new URL(url);
    onDb5.pathname = '/5';
    const warnings = async (env: Record<string, string>) => {
      const logs = captureLogs();
      const server = await startServer(
        await databaseKinds()[0].create(),
        { REDIS_URL: onDb5.href, LOG_LEVEL: 'warn', ...env },
        { logStream: logs.stream },
      );
      await server.close();
      return logs.lines.filter((line) => /REDIS_CHANNEL_PREFIX/.test(String(line.msg)));
    };
    const unset = await warnings({});
    assert.equal(unset.length, 1);
    assert.equal(unset[0].level, 40);
    assert.equal(unset[0].redisChannelPrefix, 'db5:');
    assert.deepEqual(await warnings({ REDIS_CHANNEL_PREFIX: `test-${process.pid}:` }), []);
  });
});

describe('JWT secret', () => {
  it('accepts base64 of ≥ 64 bytes or ≥ 64 bytes of text, and rejects shorter secrets', () => {
    assert.equal(secretBytes(Buffer.alloc(64, 3).toString('base64')).length, 64);
    assert.equal(secretBytes('x'.repeat(64)).length, 64);
    assert.throws(() => secretBytes('short'), /at least 64 bytes/);
  });

  it('generates one secret when none is configured and keeps it in DATA_DIR', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'eh-secret-'));
    try {
      const log = pino({ level: 'silent' });
      const first = resolveJwtSecret(undefined, dir, log);
      const second = resolveJwtSecret(undefined, dir, log);
      assert.equal(first.length, 64);
      assert.deepEqual(first, second);
      assert.ok(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).jwtSecret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the development sign-in (issue 17, point 0)', () => {
  it('refuses to start on a public origin without Google settings, naming what to set', () => {
    assert.throws(
      () => loadConfig({ PUBLIC_URL: 'https://health.example.com' }),
      (error: Error) =>
        /PUBLIC_URL is https:\/\/health\.example\.com/.test(error.message) &&
        /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/.test(error.message) &&
        /DEV_SIGN_IN=true/.test(error.message),
    );
    assert.throws(() => loadConfig({ PUBLIC_URL: 'http://10.0.0.5:3000' }), /DEV_SIGN_IN=true/);
  });

  it('runs on loopback origins as before, unannounced', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:3100', 'http://[::1]:3000']) {
      const config = loadConfig({ PUBLIC_URL: url });
      assert.equal(config.devSignIn, true, url);
      assert.equal(config.devSignInExposed, false, url);
    }
    assert.equal(isLoopbackHost('app.localhost'), true);
    assert.equal(isLoopbackHost('localhost.example.com'), false);
    assert.equal(isLoopbackHost('128.0.0.1'), false);
  });

  it('runs where asked for with DEV_SIGN_IN=true, announced; never beside Google', () => {
    const exposed = loadConfig({ PUBLIC_URL: 'https://health.example.com', DEV_SIGN_IN: 'true' });
    assert.equal(exposed.devSignIn, true);
    assert.equal(exposed.devSignInExposed, true);
    const google = loadConfig({
      PUBLIC_URL: 'https://health.example.com',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      DEV_SIGN_IN: 'true',
    });
    assert.equal(google.devSignIn, false);
    assert.ok(google.google);
  });

  it('with DEV_SIGN_IN=true on a public origin the backend starts and its sign-in page warns', async () => {
    const database = await databaseKinds()[0].create();
    // Any origin that is not loopback; requests go to the server's own address with that path.
    const server = await startServer(database, {
      PUBLIC_URL: 'http://staging.everyhealth.test',
      DEV_SIGN_IN: 'true',
    });
    try {
      const local = (url: URL) => new URL(url.pathname + url.search, server.baseUrl);
      const jar = new CookieJar();
      const start = new URL('/oauth2/authorization/google', server.baseUrl);
      let response = await request(jar, start);
      assert.equal(response.status, 302);
      const authorize = local(location(response, start));
      assert.equal(authorize.pathname, '/oauth2/dev/auth');
      response = await request(jar, authorize);
      assert.equal(response.status, 303, await response.clone().text());
      const interaction = local(location(response, authorize));
      response = await request(jar, interaction);
      assert.equal(response.status, 200);
      const page = await response.text();
      assert.match(page, /개발용 로그인/);
      assert.ok(page.includes(EXPOSED_DEV_SIGN_IN_WARNING), 'the warning banner');
    } finally {
      await server.close();
    }
  });

  it('on http://localhost the sign-in page carries no warning', async () => {
    const server = await startServer(await databaseKinds()[0].create());
    try {
      const jar = new CookieJar();
      const start = new URL('/oauth2/authorization/google', server.baseUrl);
      let response = await request(jar, start);
      const authorize = location(response, start);
      response = await request(jar, authorize);
      const interaction = location(response, authorize);
      const page = await (await request(jar, interaction)).text();
      assert.match(page, /개발용 로그인/);
      assert.ok(!page.includes(EXPOSED_DEV_SIGN_IN_WARNING));
    } finally {
      await server.close();
    }
  });
});
