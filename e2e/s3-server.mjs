#!/usr/bin/env node
/**
 * The S3-compatible server of the end-to-end stack (s3rver, files in a fresh temporary folder):
 * the backend under test stores its images in this bucket, so the tests go through the same
 * `images/<uuid>.<ext>` keys and bucket reads as a deployment with S3_BUCKET. Runs until stopped.
 * The scale-out rehearsal (scripts/cluster.mjs) starts it too, with S3_SERVER_DIR: files kept in
 * that folder across restarts, like its database.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import S3rver from '@20minutes/s3rver';

const port = Number(process.env.E2E_S3_PORT);
const bucket = process.env.S3_BUCKET;
const keptDirectory = process.env.S3_SERVER_DIR;
if (keptDirectory) mkdirSync(keptDirectory, { recursive: true });
const directory = keptDirectory || mkdtempSync(path.join(os.tmpdir(), 'e2e-s3-'));
const server = new S3rver({
  address: '127.0.0.1',
  port,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
  // s3rver signs bucket-level paths without the trailing slash the current AWS SDK signs; the
  // requests keep their signatures, only that mismatch is forgiven (see backend/test/helpers/s3.ts).
  allowMismatchedSignatures: true,
});
await server.run();
process.stdout.write(`[s3] bucket ${bucket} at http://127.0.0.1:${port}\n`);

const stop = () => {
  server.close().finally(() => {
    if (!keptDirectory) rmSync(directory, { recursive: true, force: true });
    process.exit(0);
  });
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
