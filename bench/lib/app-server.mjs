// The app server a benchmark starts: the standalone server of the build, as production runs it
// (scripts/app-server.mjs), or `next start` for a build without one (an older checkout measured
// through BENCH_APP_DIR or --dir).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { appServerCommand, standaloneDir } from '../../scripts/app-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * `[command, args, env]` running the build of `appDir`/`distDir` on `port` (and `host`, every
 * interface when undefined); env to be added to the caller's, cwd `appDir`.
 */
export function benchAppServer(appDir, distDir, { port, host }) {
  if (existsSync(standaloneDir(appDir, distDir))) {
    return appServerCommand(appDir, distDir, { port, host });
  }
  const own = path.join(appDir, 'node_modules', '.bin', 'next');
  const next = existsSync(own) ? own : path.join(root, 'node_modules', '.bin', 'next');
  return [next, ['start', '-p', String(port), ...(host ? ['-H', host] : [])], {}];
}
