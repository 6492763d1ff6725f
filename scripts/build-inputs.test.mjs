/**
 * The app's build inputs cover every folder the app is built from: a folder left out means
 * `npm start` serves an old build after an edit there (as features/ once was, after the re-cut).
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { APP_BUILD_INPUTS, BACKEND_BUILD_INPUTS } from './build-inputs.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Top-level folders that are not part of the app's build, and why. */
const NOT_THE_APP = new Map([
  ['backend', 'its own build (BACKEND_BUILD_INPUTS)'],
  ['bench', 'benchmarks'],
  ['deploy', 'deployment files'],
  ['e2e', 'end-to-end tests'],
  ['scripts', 'the build and test scripts themselves'],
  ['testing', 'test helpers (the layer rule keeps the app out of them)'],
  ['node_modules', 'dependencies (package-lock.json stands for them)'],
]);

const SOURCE = /\.(tsx?|mjs|css|json|svg|png)$/;

function holdsSource(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isFile() && SOURCE.test(entry.name)) return true;
    if (entry.isDirectory() && holdsSource(path.join(folder, entry.name))) return true;
  }
  return false;
}

test('every top-level source folder is an input of the app build, or named as not the app', () => {
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .filter((name) => !NOT_THE_APP.has(name) && holdsSource(path.join(root, name)));
  const missing = folders.filter((name) => !APP_BUILD_INPUTS.includes(name));
  assert.deepEqual(missing, [], `add to APP_BUILD_INPUTS (scripts/build-inputs.mjs): ${missing}`);
});

test('the backend build follows the contract it shares with the app', () => {
  for (const shared of ['lib/contract', 'lib/shared'])
    assert.ok(BACKEND_BUILD_INPUTS.includes(shared));
});
