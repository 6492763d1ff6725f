import assert from 'node:assert/strict';
import { type ChildProcess, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, it } from 'node:test';

import type { ChildReady, MemoryReport } from './helpers/export-memory-child';
import { readZip } from './helpers/zip';

/** The budget: an export's memory grows < 64 MB whatever the member's photo bytes (streamed). */
const BUDGET_BYTES = 64 * 1024 * 1024;
const PHOTOS = 200;
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Waits for the child's next message that has `key`. */
async function reply<T>(child: ChildProcess, key: string): Promise<T> {
  for (;;) {
    const [message] = (await once(child, 'message')) as [Record<string, unknown>];
    if (key in message) return message as T;
  }
}

describe('data export memory (a backend in its own process)', () => {
  let child: ChildProcess;
  let ready: ChildReady;
  const dir = mkdtempSync(path.join(tmpdir(), 'eh-export-memory-'));

  before(async () => {
    child = fork(path.join(import.meta.dirname, 'helpers', 'export-memory-child.ts'), {
      cwd: path.join(import.meta.dirname, '..'),
      execArgv: ['--expose-gc', '--import', 'tsx'],
      env: { ...process.env, EXPORT_PHOTOS: String(PHOTOS) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    ready = await Promise.race([
      reply<ChildReady>(child, 'ready'),
      once(child, 'exit').then(([code]) => {
        throw new Error(`the export backend exited (${String(code)}) before it was ready`);
      }),
    ]);
  });
  after(async () => {
    if (child.exitCode === null) {
      child.send('exit');
      await once(child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it(`exports ${PHOTOS} posts with real photos, memory growing by less than 64 MB, as a valid ZIP`, async () => {
    const photoTotal = ready.photos * ready.photoBytes;
    // Well over the budget: holding the photos (as the in-memory ZIP did) cannot pass.
    assert.ok(photoTotal > 1.2 * BUDGET_BYTES, `photos total ${MB(photoTotal)}`);

    child.send('start');
    await reply(child, 'started');
    const response = await fetch(`${ready.baseUrl}/api/member/export`, {
      headers: { cookie: ready.cookie },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/zip');
    assert.equal(response.headers.get('content-length'), null, 'streamed: no length known');
    assert.equal(response.headers.get('transfer-encoding'), 'chunked');
    const file = path.join(dir, 'export.zip');
    await pipeline(Readable.fromWeb(response.body! as never), createWriteStream(file));
    child.send('stop');
    const { report } = await reply<{ report: MemoryReport }>(child, 'report');
    process.stdout.write(
      `# ${PHOTOS} photos, ${MB(photoTotal)} of photo bytes: peak growth live heap+buffers ` +
        `${MB(report.live)}, RSS ${MB(report.rss)}, heap+external with garbage ` +
        `${MB(report.heapAndExternal)} (${report.samples} samples, ${Math.round(report.gcMs)} ms collecting)\n`,
    );
    assert.ok(report.samples > 5, 'sampled during the export');
    assert.ok(report.live < BUDGET_BYTES, `live heap+buffers grew ${MB(report.live)}`);
    assert.ok(report.rss < BUDGET_BYTES, `RSS grew ${MB(report.rss)}`);

    const entries = readZip(readFileSync(file));
    const images = entries.filter((entry) => entry.name.startsWith('images/'));
    assert.equal(images.length, PHOTOS, 'every photo');
    for (const image of images) {
      assert.equal(image.method, 0, `${image.name} stored, not deflated`);
      assert.equal(createHash('sha256').update(image.data).digest('hex'), ready.photoSha256);
    }
    const posts = JSON.parse(
      entries.find((entry) => entry.name === 'posts.json')!.data.toString('utf8'),
    ) as Array<{ image: string; imageIncluded: boolean }>;
    assert.equal(posts.length, PHOTOS);
    assert.ok(posts.every((post) => post.imageIncluded));
    assert.deepEqual(
      posts.map((post) => `images/${post.image}`),
      images.map((image) => image.name),
    );
    for (const name of ['README.txt', 'profile.json', 'workouts.csv', 'chat-messages.json']) {
      const entry = entries.find((e) => e.name === name);
      assert.ok(entry, `${name} present`);
      assert.equal(entry.method, 8, `${name} deflated`);
    }
  });
});
