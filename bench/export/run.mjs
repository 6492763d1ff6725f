// Data export benchmark (issue 23): a member with N posts, each with a real ~500 KB JPEG photo
// stored in the local image folder, downloads `GET /api/member/export` over real HTTP from a
// backend in a process of its own (backend/test/helpers/export-memory-child.ts, run from source
// with tsx and --expose-gc, the process export-memory.test.ts measures). For each N it prints the
// photo bytes beside the backend's peak memory growth during the export: live heap + Buffers
// (sampled right after a full collection, once a second), RSS, and heap + external with garbage
// (every 10 ms), with the ZIP's size and the download's rate.
// Budget: memory grows < 64 MB whatever the member's photo bytes (streamed).
// Usage: node bench/export/run.mjs   (env: BENCH_EXPORT_PHOTOS=50,200,600 photo counts,
// BENCH_EXPORT_PHOTO_SIDE=1000 px)
import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

import { printTable, root } from '../lib/backend.mjs';

const BUDGET_BYTES = 64 * 1024 * 1024;
const COUNTS = (process.env.BENCH_EXPORT_PHOTOS ?? '50,200,600')
  .split(',')
  .map((n) => Number(n.trim()))
  .filter((n) => n > 0);
const SIDE = process.env.BENCH_EXPORT_PHOTO_SIDE ?? '1000';
const MB = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function reply(child, key) {
  for (;;) {
    const [message] = await once(child, 'message');
    if (key in message) return message;
  }
}

/** One export of `photos` photos: the child's report, the ZIP's bytes and the seconds it took. */
async function measure(photos) {
  const backend = path.join(root, 'backend');
  const child = fork(path.join(backend, 'test/helpers/export-memory-child.ts'), {
    cwd: backend,
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, EXPORT_PHOTOS: String(photos), EXPORT_PHOTO_SIDE: SIDE },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await reply(child, 'ready');
    child.send('start');
    await reply(child, 'started');
    const began = performance.now();
    const response = await fetch(`${ready.baseUrl}/api/member/export`, {
      headers: { cookie: ready.cookie },
    });
    if (response.status !== 200) throw new Error(`export answered ${response.status}`);
    let zipBytes = 0;
    for await (const chunk of response.body) zipBytes += chunk.length;
    const seconds = (performance.now() - began) / 1000;
    child.send('stop');
    const { report } = await reply(child, 'report');
    return { photoBytes: ready.photos * ready.photoBytes, zipBytes, seconds, report };
  } finally {
    if (child.exitCode === null) {
      child.send('exit');
      await once(child, 'exit');
    }
  }
}

const rows = [
  [
    'photos',
    'photo bytes',
    'ZIP',
    'time',
    'rate',
    'live heap+buffers',
    'RSS',
    'heap+ext (garbage)',
  ],
];
let overBudget = false;
for (const photos of COUNTS) {
  const { photoBytes, zipBytes, seconds, report } = await measure(photos);
  const growth = Math.max(report.live, report.rss);
  if (growth >= BUDGET_BYTES) overBudget = true;
  rows.push([
    String(photos),
    MB(photoBytes),
    MB(zipBytes),
    `${seconds.toFixed(1)} s`,
    `${MB(zipBytes / seconds)}/s`,
    `+${MB(report.live)}`,
    `+${MB(report.rss)}`,
    `+${MB(report.heapAndExternal)}`,
  ]);
}
console.log('\nmemory growth of the backend during one export, by the member’s photo bytes');
printTable(rows);
console.log(
  `budget: live heap+buffers and RSS grow < ${MB(BUDGET_BYTES)} at every size: ${overBudget ? 'OVER' : 'met'}`,
);
process.exit(overBudget ? 1 : 0);
