/**
 * The commands that install, build, migrate and start EveryHealth in production: one list, used by
 * the scale-out rehearsal (scripts/cluster.mjs runs them on this machine) and written into the
 * container images (deploy/docker/*.Dockerfile, in exec form). scripts/deploy/deploy.test.mjs
 * fails when a Dockerfile runs anything else, so what the rehearsal tested is what the images run.
 *
 * Each command is an argv array (no shell) and the folder it runs in, relative to the checkout
 * (in the images: to the image's working directory, laid out the same way).
 */

/** Installs every dependency from the lockfile (the build needs the dev ones). `.ci/run` runs it. */
export const INSTALL = { cwd: '.', argv: ['npm', 'ci'] };

/**
 * Installs only the backend workspace's production dependencies (its native ones, sharp's
 * @img/sharp-* binaries, for the platform it runs on): what the backend image ships.
 */
export const INSTALL_BACKEND_RUNTIME = {
  cwd: '.',
  argv: ['npm', 'ci', '--omit=dev', '--workspace', 'backend', '--include-workspace-root=false'],
};

/**
 * The whole build (`npm run build`): the backend bundle, then the app with `output: 'standalone'`,
 * copied with public/ and its static files into `<distDir>/standalone`.
 */
export const BUILD = { cwd: '.', argv: ['node', 'scripts/start.mjs', '--build-only'] };

/** The backend bundle alone (`backend/dist`): the first step of BUILD, and the backend image's. */
export const BUILD_BACKEND = { cwd: '.', argv: ['npm', 'run', 'build', '-w', 'backend'] };

/** The folder the app's standalone server runs from (self-contained after BUILD). */
export function appDir(distDir = '.next') {
  return `${distDir}/standalone`;
}

/** The app: Next's standalone server (settings from PORT, HOSTNAME and the runtime variables). */
export function appStart(distDir = '.next') {
  return { cwd: appDir(distDir), argv: ['node', 'server.js'] };
}

/** The backend (BACKEND_HOST, BACKEND_PORT, …); it migrates only with MIGRATE_ON_START=true. */
export const BACKEND_START = {
  cwd: 'backend',
  argv: ['node', '--enable-source-maps', 'dist/main.js'],
};

/** The one-shot migration (`npm run db:migrate`), under the backends' advisory lock; exits 0. */
export const MIGRATE = {
  cwd: 'backend',
  argv: ['node', '--enable-source-maps', 'dist/migrate.js'],
};

/** Liveness path of both the app and the backend; readiness is READY_PATH. */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/** The ports each image listens on (the app: PORT; the backend: BACKEND_PORT). */
export const APP_PORT = 3000;
export const BACKEND_PORT = 8080;

/**
 * A container health check: GET HEALTH_PATH on the port in `portVariable` (default `port`), with
 * Node's own fetch (the slim images have no curl); exit 0 on a 2xx answer, 1 otherwise.
 */
export function healthcheck(portVariable, port) {
  const script =
    `fetch('http://127.0.0.1:'+(process.env.${portVariable}||${port})+'${HEALTH_PATH}',` +
    '{signal:AbortSignal.timeout(2500)})' +
    '.then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))';
  return ['node', '-e', script];
}

export const APP_HEALTHCHECK = healthcheck('PORT', APP_PORT);
export const BACKEND_HEALTHCHECK = healthcheck('BACKEND_PORT', BACKEND_PORT);
