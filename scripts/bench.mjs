#!/usr/bin/env node
/**
 * `npm run bench`: runs every benchmark under bench/ in turn (each prints its own side-by-side
 * figures and ratios). Pass a name to run one: `npm run bench -- proxy`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = path.join(root, 'bench');
const wanted = process.argv.slice(2);
const names = readdirSync(benchDir).filter(
  (name) =>
    existsSync(path.join(benchDir, name, 'run.mjs')) &&
    (wanted.length === 0 || wanted.includes(name)),
);

let failed = false;
for (const name of names) {
  process.stdout.write(`\n=== bench/${name} ===\n`);
  const result = spawnSync(process.execPath, [path.join(benchDir, name, 'run.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
