import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';

import pino from 'pino';

import { resolveJwtSecret, secretBytes } from '../src/auth/secret';
import { loadConfig } from '../src/config';

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
  });

  it('marks cookies Secure for an https public URL and trims a trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://everyhealth.example/', SEED_DEMO: 'false' });
    assert.equal(config.publicUrl, 'https://everyhealth.example');
    assert.equal(config.secureCookies, true);
    assert.equal(config.seedDemo, false);
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
