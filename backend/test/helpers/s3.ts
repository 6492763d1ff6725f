import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import S3rver from '@20minutes/s3rver';

import type { S3Settings } from '../../src/storage/s3-object-store';

/** s3rver accepts any request signed with these. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** The settings a backend uses for the bucket. */
  settings: S3Settings;
  /** The same as S3_* environment variables (for loadConfig). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, files in a temporary folder) on a free port, with one empty
 * bucket: what the S3 store's tests talk to.
 */
export async function startS3(bucket = 'everyhealth-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: process.env.S3RVER_LOG !== '1',
    directory,
    configureBuckets: [{ name: bucket }],
    // s3rver signs a bucket-level request's path as `/bucket`, while the current AWS SDK signs
    // `/bucket/` (as AWS, MinIO and R2 do), so every List/DeleteObjects would fail on s3rver's bug.
    // The requests still carry their signature; only the mismatch is forgiven.
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: CREDENTIALS,
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
