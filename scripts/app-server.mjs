/**
 * How the app's production server is run: the standalone output of `next build`
 * (`output: 'standalone'` in next.config.mjs), which `npm run build` completes with the static
 * files and public/ (prepareStandalone), so that one folder runs anywhere with `node server.js`
 * and nothing else from the checkout: the container image ships exactly that folder.
 *
 * Everything that differs between deployments is read when the server starts (PORT, HOSTNAME,
 * BACKEND_URL, PUBLIC_URL, CHAT_URL, …): one build serves staging and production.
 */
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { appStart } from '../deploy/commands.mjs';

/**
 * The folder `next build` writes the standalone server into: where deploy/commands.mjs's
 * `appStart` runs it (the app image's working directory).
 */
export function standaloneDir(root, distDir) {
  return path.join(root, appStart(distDir).cwd);
}

/**
 * Copies what the standalone trace leaves out (Next's documented step): the browser assets of
 * `<distDir>/static` and public/ (icons, the manifest, the service worker built after `next build`).
 */
export function prepareStandalone(root, distDir) {
  const target = standaloneDir(root, distDir);
  const staticTarget = path.join(target, distDir, 'static');
  rmSync(staticTarget, { recursive: true, force: true });
  cpSync(path.join(root, distDir, 'static'), staticTarget, { recursive: true });
  const publicTarget = path.join(target, 'public');
  rmSync(publicTarget, { recursive: true, force: true });
  cpSync(path.join(root, 'public'), publicTarget, { recursive: true });
}

/**
 * True when the standalone folder holds this build's static files (its BUILD_ID's folder) and
 * public/'s service worker: prepareStandalone ran after the last build.
 */
export function standaloneIsPrepared(root, distDir) {
  const target = standaloneDir(root, distDir);
  const buildIdFile = path.join(root, distDir, 'BUILD_ID');
  if (!existsSync(buildIdFile)) return false;
  const buildId = readFileSync(buildIdFile, 'utf8').trim();
  return (
    existsSync(path.join(target, distDir, 'static', buildId)) &&
    existsSync(path.join(target, 'public', 'sw.js'))
  );
}

/**
 * The command that runs the app server of the build in `distDir`, on `port`, listening on `host`
 * (every interface when undefined): `[command, args, env]`, env to be added to the caller's.
 * The standalone server takes its address from PORT and HOSTNAME (not `-p`/`-H`).
 */
export function appServerCommand(root, distDir, { port, host }) {
  // `node server.js` in the standalone folder, as the image runs it; here with this very Node and
  // the script by its path (the server changes to its own folder as it starts).
  const [, script] = appStart(distDir).argv;
  const server = path.join(standaloneDir(root, distDir), script);
  if (!existsSync(server)) {
    throw new Error(`${path.relative(root, server)} is missing: run npm run build`);
  }
  return [process.execPath, [server], { PORT: String(port), HOSTNAME: host ?? '::' }];
}
