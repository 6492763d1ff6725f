// Runs drizzle-kit with this package's drizzle-orm. npm hoists drizzle-kit to the root node_modules
// but keeps drizzle-orm in backend/node_modules, and drizzle-kit's `import("drizzle-orm/version")`
// cannot see it from there. We link both into a temporary node_modules and run with preserved
// symlinks; drizzle-kit's own CommonJS dependencies still resolve through NODE_PATH.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(backendDir, 'package.json'));
// Some packages do not export ./package.json, so look for the folders along the resolution paths.
const packageDir = (name) => {
  const found = require.resolve
    .paths(name)
    ?.map((dir) => path.join(dir, name))
    .find((dir) => existsSync(path.join(dir, 'package.json')));
  if (!found) throw new Error(`${name} is not installed`);
  return found;
};
const kitDir = packageDir('drizzle-kit');
const ormDir = packageDir('drizzle-orm');

const temp = mkdtempSync(path.join(tmpdir(), 'drizzle-kit-'));
try {
  mkdirSync(path.join(temp, 'node_modules'));
  symlinkSync(kitDir, path.join(temp, 'node_modules', 'drizzle-kit'));
  symlinkSync(ormDir, path.join(temp, 'node_modules', 'drizzle-orm'));
  const result = spawnSync(
    process.execPath,
    [
      '--preserve-symlinks',
      '--preserve-symlinks-main',
      path.join(temp, 'node_modules', 'drizzle-kit', 'bin.cjs'),
      ...process.argv.slice(2),
    ],
    {
      cwd: backendDir,
      stdio: 'inherit',
      env: { ...process.env, NODE_PATH: path.resolve(kitDir, '..') },
    },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(temp, { recursive: true, force: true });
}
