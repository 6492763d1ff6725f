/**
 * A backend in a process of its own, for measuring what one data export costs in memory: a member
 * with EXPORT_PHOTOS posts (default 200), each with a real JPEG photo of EXPORT_PHOTO_SIDE px
 * square noise (default 1000: about 500 KB, which deflate cannot shrink) stored as a file in the
 * local image folder. Run with `node --expose-gc --import tsx` and an IPC channel
 * (test/export-memory.test.ts, bench/export). It sends `{ready, baseUrl, cookie, photos,
 * photoBytes, photoSha256}` once set up; on `start` it takes a baseline after a full collection
 * and samples process.memoryUsage() every 10 ms, and what is live (after a full collection) every
 * second; on `stop` it answers `{report}` with the peak growth over the baseline; on `exit` it
 * closes the server and exits.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { posts } from '../../src/db/schema';
import { buildMember, insertMembers } from '../../src/seed/builders';
import { sessionCookie } from './api';
import { startServer } from './app';
import { databaseKinds } from './databases';
import { imagesDir, phonePhoto } from './images';

export interface MemoryReport {
  /** Peak growth over the baseline, bytes. */
  rss: number;
  heapUsed: number;
  /** External memory: Buffers and ArrayBuffers outside the JS heap. */
  external: number;
  /** heapUsed + external, garbage included (V8 collects Buffers' memory when it sees fit). */
  heapAndExternal: number;
  /**
   * heapUsed + arrayBuffers (Buffers included) still referenced: sampled right after a full
   * collection (`external` lags there: V8 frees backing stores on a background thread).
   */
  live: number;
  samples: number;
  /** Time spent in the live samples' collections. */
  gcMs: number;
}

export interface ChildReady {
  ready: true;
  baseUrl: string;
  cookie: string;
  photos: number;
  photoBytes: number;
  photoSha256: string;
}

const send = (message: unknown) => process.send!(message);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc || !process.send) throw new Error('run with --expose-gc and an IPC channel');

const photos = Number(process.env.EXPORT_PHOTOS ?? 200);
const side = Number(process.env.EXPORT_PHOTO_SIDE ?? 1000);

const pglite = databaseKinds().find((kind) => kind.name === 'pglite')!;
const server = await startServer(await pglite.create(), {
  RATE_LIMIT_EXPORTS: '1000/1m',
  LOG_LEVEL: 'warn',
});
const db = server.database.db;
const [member] = await insertMembers(db, [buildMember({ name: '사진많은회원' })]);
const photo = await phonePhoto(side, side);
const dir = imagesDir(server);
mkdirSync(dir, { recursive: true });
const rows = [];
for (let i = 0; i < photos; i++) {
  const key = `${randomUUID()}.jpg`;
  writeFileSync(path.join(dir, key), photo);
  rows.push({
    memberId: member.id,
    text: `사진 ${i + 1}`,
    imageKey: key,
    imageWidth: side,
    imageHeight: side,
  });
}
for (let at = 0; at < rows.length; at += 500) {
  await db.insert(posts).values(rows.slice(at, at + 500));
}

type Usage = ReturnType<typeof process.memoryUsage>;
let baseline: Usage | null = null;
const NO_GROWTH = { rss: 0, heapUsed: 0, external: 0, heapAndExternal: 0, live: 0 };
let peak = { ...NO_GROWTH };
let samples = 0;
let gcMs = 0;
let samplers: NodeJS.Timeout[] = [];

function sampleLive() {
  const began = performance.now();
  gc!();
  gcMs += performance.now() - began;
  const now = process.memoryUsage();
  peak.live = Math.max(
    peak.live,
    now.heapUsed + now.arrayBuffers - baseline!.heapUsed - baseline!.arrayBuffers,
  );
}

function sample() {
  const now = process.memoryUsage();
  samples += 1;
  peak = {
    ...peak,
    rss: Math.max(peak.rss, now.rss - baseline!.rss),
    heapUsed: Math.max(peak.heapUsed, now.heapUsed - baseline!.heapUsed),
    external: Math.max(peak.external, now.external - baseline!.external),
    heapAndExternal: Math.max(
      peak.heapAndExternal,
      now.heapUsed + now.external - baseline!.heapUsed - baseline!.external,
    ),
  };
}

process.on('message', (message: string) => {
  if (message === 'start') {
    gc();
    gc();
    baseline = process.memoryUsage();
    peak = { ...NO_GROWTH };
    samples = 0;
    gcMs = 0;
    samplers = [setInterval(sample, 10), setInterval(sampleLive, 1000)];
    send({ started: true });
  } else if (message === 'stop') {
    for (const sampler of samplers) clearInterval(sampler);
    sample();
    sampleLive();
    send({ report: { ...peak, samples, gcMs } satisfies MemoryReport });
  } else if (message === 'exit') {
    void server.close().finally(() => process.exit(0));
  }
});

send({
  ready: true,
  baseUrl: server.baseUrl,
  cookie: await sessionCookie(member),
  photos,
  photoBytes: photo.length,
  photoSha256: createHash('sha256').update(photo).digest('hex'),
} satisfies ChildReady);
