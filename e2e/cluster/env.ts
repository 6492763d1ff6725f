import path from 'node:path';

/**
 * The stack of the scale-out rehearsal's e2e test: `npm run start:cluster`'s launcher
 * (scripts/cluster.mjs) on ports of its own, a fresh PostgreSQL database, Redis, and the
 * launcher's own s3rver. `npm run test:cluster` (e2e/cluster/run.mjs) creates the database, names
 * it in CLUSTER_E2E_DATABASE_URL, and drops it afterwards.
 */
export const CLUSTER_PORT = Number(process.env.E2E_CLUSTER_PORT || 3900);
export const CLUSTER_BACKEND_PORT = Number(process.env.E2E_CLUSTER_BACKEND_PORT || 8900);
/** nginx's public server: the public entry, and PUBLIC_URL (loopback, so the dev sign-in runs). */
export const CLUSTER_APP_URL = `http://localhost:${CLUSTER_PORT}`;
/** nginx's internal listener: the apps' BACKEND_URL. */
export const CLUSTER_BACKEND_URL = `http://127.0.0.1:${CLUSTER_BACKEND_PORT}`;
/** The launcher's state: its processes.json lists every process with its PID. */
export const CLUSTER_STATE_DIR = path.resolve('.data', 'cluster-e2e');

// As scripts/cluster/topology.mjs and deploy/nginx/everyhealth.conf name them (the rehearsal aids
// the README documents).
export const APP_PIN_COOKIE = 'cluster_pin_app';
export const BACKEND_PIN_COOKIE = 'cluster_pin_backend';
export const APP_UPSTREAM_HEADER = 'x-cluster-app';
export const BACKEND_UPSTREAM_HEADER = 'x-cluster-backend';

/** The launcher's environment: only what the rehearsal sets itself, whatever the shell has. */
export function clusterEnv(): Record<string, string> {
  const databaseUrl =
    process.env.CLUSTER_E2E_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/everyhealth_cluster_e2e';
  return {
    CLUSTER_PORT: String(CLUSTER_PORT),
    CLUSTER_BACKEND_PORT: String(CLUSTER_BACKEND_PORT),
    CLUSTER_STATE_DIR,
    PUBLIC_URL: CLUSTER_APP_URL,
    DATABASE_URL: databaseUrl,
    REDIS_URL:
      process.env.CLUSTER_E2E_REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
    // The run's own channels (named after its database): other runs and tests on this Redis stay out.
    REDIS_CHANNEL_PREFIX: `${new URL(databaseUrl).pathname.slice(1)}:`,
    // And its own rate-limit counters: member ids start at 1 in every run's fresh database, so a
    // shared prefix would carry one run's counts (10 clubs a day) into the next run's members.
    RATE_LIMIT_KEY_PREFIX: `${new URL(databaseUrl).pathname.slice(1)}:ratelimit:`,
    // The launcher's own bucket, a generated shared secret, the development sign-in, same-origin
    // chat: blank values read as unset, and a `.env` does not override them.
    S3_BUCKET: '',
    S3_ENDPOINT: '',
    JWT_SECRET: '',
    GOOGLE_CLIENT_ID: '',
    GOOGLE_CLIENT_SECRET: '',
    CHAT_URL: '',
    BACKEND_URL: '',
    LOG_LEVEL: 'warn',
  };
}
