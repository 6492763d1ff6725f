/**
 * What each build is made from. scripts/start.mjs rebuilds when one of these paths changed since
 * the build's stamp; the benchmarks warn when they would measure an older build.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const BACKEND_BUILD_INPUTS = [
  'backend/src',
  'lib/contract',
  'lib/shared',
  'backend/package.json',
  'package-lock.json',
];

export const APP_BUILD_INPUTS = [
  'app',
  'features',
  'components',
  'lib',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.mjs',
  'sw',
  'serwist.config.mjs',
  'package-lock.json',
  'tsconfig.json',
];

const SKIP = new Set([
  'node_modules',
  '.next',
  'dist',
  '.data',
  'test-results',
  'playwright-report',
]);

/**
 * Files the app's build writes among its own inputs: the service worker (`serwist build`). Skipped,
 * and so is the mtime of the folder that holds them, which changes each time the build replaces
 * them (a file deleted right in public/ then goes unnoticed; one added or changed does not).
 */
const GENERATED = new Set(['public/sw.js', 'public/sw.js.map']);
const GENERATED_IN = new Set([...GENERATED].map((file) => path.posix.dirname(file)));

/** Newest modification time (whole ms) under `paths` (relative to `root`), skipping build output. */
export function newestMtime(root, paths) {
  let newest = 0;
  const visit = (relative) => {
    const target = path.join(root, relative);
    if (!existsSync(target)) return;
    const stat = statSync(target);
    if (!GENERATED_IN.has(relative)) newest = Math.max(newest, stat.mtimeMs);
    if (!stat.isDirectory()) return;
    for (const entry of readdirSync(target)) {
      const child = path.posix.join(relative, entry);
      if (!SKIP.has(entry) && !GENERATED.has(child)) visit(child);
    }
  };
  paths.forEach((p) => visit(p));
  return Math.floor(newest);
}
