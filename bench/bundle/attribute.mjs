#!/usr/bin/env node
// What a page's first-load JavaScript is made of, by source: the modules of the chunk groups the
// page loads at render (not those it imports on use), from Next's own analyzer
// (`next analyze --output`, Turbopack only), grouped by package or by app folder, and split into
// what the signed-in shell brings (what every signed-in page shares) and the page's own.
//
// Sizes are the analyzer's per-module gzip sizes: each module compressed alone, so they add up to
// more than the chunks' gzip (bench/bundle/run.mjs measures those), and they are taken before
// unused exports are removed, so a module the bundler trims (a message catalogue group a page does
// not read) still counts whole here. Use them to rank, not to budget.
//
// Usage: node bench/bundle/attribute.mjs [--routes /,/club] [--top 40] [--analyze]
// --analyze runs `next analyze --output --experimental-app-only` first (a compile of the app, no
// build) into NEXT_DIST_DIR (default .next-analyze); otherwise the latest saved analysis is read.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

import { root } from '../lib/app-stack.mjs';

const argValue = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const routes = argValue('--routes', '/,/post,/exercise,/club,/profile').split(',');
const top = Number(argValue('--top', 40));
const distDir = process.env.NEXT_DIST_DIR || '.next-analyze';
const next = path.join(root, 'node_modules', '.bin', 'next');
const env = { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' };

if (process.argv.includes('--analyze')) {
  const run = spawnSync(next, ['analyze', '--output', '--experimental-app-only'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

/** The analyzer's records of `route` (JSON Lines of modules, chunk groups, outputs, parts). */
function records(route) {
  const run = spawnSync(next, ['analyze', 'export', '--dist-dir', distDir, '--route', route], {
    cwd: root,
    env,
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`next analyze export --route ${route}: ${run.stderr}`);
  return run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

/** `npm:swr`, `npm:next` (React DOM is bundled inside next), or the app file's path. */
function owner(sourcePath) {
  const file = sourcePath.replace(/^\[project\]\//, '').replace(/ \[.*$/, '');
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (npm) return `npm:${npm[1]}`;
  if (file.startsWith('[turbopack]')) return 'turbopack runtime';
  return file;
}

/** gzip bytes by owner, of the JavaScript the route's render-time chunk groups load. */
function firstLoad(route) {
  const lines = records(route);
  const outputs = new Set(
    lines
      .filter((line) => line.type === 'group' && line.kind !== 'async')
      .flatMap((line) => line.outputs)
      .filter((output) => output.includes('[client-fs]') && output.endsWith('.js')),
  );
  const sizes = new Map();
  const seen = new Set();
  for (const part of lines) {
    if (part.type !== 'part' || !outputs.has(part.filename)) continue;
    const key = `${part.filename}|${part.source_path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const name = owner(part.source_path);
    sizes.set(name, (sizes.get(name) ?? 0) + part.compressed_size);
  }
  return sizes;
}

const kB = (bytes) => (bytes / 1000).toFixed(2).padStart(7);
const byRoute = new Map(routes.map((route) => [route, firstLoad(route)]));
// The shell: what every measured signed-in route loads (layout, providers, navigation, framework).
const shared = new Map(
  [...byRoute.values()[Symbol.iterator]().next().value].filter(([name]) =>
    [...byRoute.values()].every((sizes) => sizes.has(name)),
  ),
);
const sum = (entries) => entries.reduce((total, [, size]) => total + size, 0);
const framework = [...shared].filter(
  ([name]) => name === 'npm:next' || name === 'turbopack runtime',
);
const shell = [...shared].filter(([name]) => !framework.some(([other]) => other === name));
console.log(
  `shared by ${routes.join(', ')}: framework ${kB(sum(framework))} kB, the rest (the shell) ${kB(sum(shell))} kB (per-module gzip)`,
);
for (const [name, size] of shell.sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${kB(size)}  ${name}`);
for (const [route, sizes] of byRoute) {
  const own = [...sizes].filter(([name]) => !shared.has(name)).sort((a, b) => b[1] - a[1]);
  console.log('');
  console.log(`${route}: its own ${kB(sum(own))} kB`);
  for (const [name, size] of own.slice(0, Math.ceil(top / 2)))
    console.log(`  ${kB(size)}  ${name}`);
}
