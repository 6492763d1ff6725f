/**
 * What each build is made from. scripts/start.mjs rebuilds when one of these paths changed since
 * the build's stamp; the benchmarks warn when they would measure an older build.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const BACKEND_BUILD_INPUTS = [
  'backend/src',
  'lib/contract',
  'backend/package.json',
  'package-lock.json',
];

export const APP_BUILD_INPUTS = [
  'app',
  'components',
  'lib',
  'public',
  'proxy.ts',
  'next.config.mjs',
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

/** Newest modification time (whole ms) under `paths` (relative to `root`), skipping build output. */
export function newestMtime(root, paths) {
  let newest = 0;
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stat = statSync(target);
    newest = Math.max(newest, stat.mtimeMs);
    if (!stat.isDirectory()) return;
    for (const entry of readdirSync(target)) {
      if (!SKIP.has(entry)) visit(path.join(target, entry));
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return Math.floor(newest);
}
