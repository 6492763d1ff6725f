/**
 * What the scale-out rehearsal (scripts/cluster.mjs) runs, where, and with which settings, from
 * the environment alone (no side effects, so the e2e config and the launcher agree on it).
 */
import path from 'node:path';

/** The Next build of the rehearsal: its own folder, so `npm start`'s `.next` stays as it is. */
export const CLUSTER_DIST_DIR = '.next-cluster';
/** The bucket of the s3rver that the launcher starts when no S3_BUCKET is set. */
export const CLUSTER_BUCKET = 'everyhealth-cluster';
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/everyhealth_cluster';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/**
 * Pin cookies (rehearsal aids, cluster/nginx.mjs): the value is an instance's number or name
 * (`2`, `backend-2`).
 */
export const APP_PIN_COOKIE = 'cluster_pin_app';
export const BACKEND_PIN_COOKIE = 'cluster_pin_backend';

const MAX_INSTANCES = 8;

class TopologyError extends Error {}

function port(env, name, fallback) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535 - 20) {
    throw new TopologyError(`${name}=${raw} is not a port (1–65515)`);
  }
  return value;
}

function count(env, name) {
  const raw = env[name]?.trim();
  if (!raw) return 2;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > MAX_INSTANCES) {
    throw new TopologyError(`${name}=${raw}: between 1 and ${MAX_INSTANCES} instances`);
  }
  return value;
}

/** An unset or blank variable reads as unset (as the backend's config does). */
function setting(env, name) {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/**
 * The rehearsal's layout: nginx's public server on CLUSTER_PORT (default 3900) with the Next
 * instances on the ports right after it; nginx's internal server (the apps' BACKEND_URL) on
 * CLUSTER_BACKEND_PORT (default 8900) with the backends right after it; the launcher's own s3rver (when S3_BUCKET is unset) on
 * CLUSTER_BACKEND_PORT + 10. CLUSTER_APPS / CLUSTER_BACKENDS: instances of each (default 2).
 *
 * @param {Record<string, string | undefined>} env
 * @param {string} root the checkout
 */
export function clusterTopology(env, root) {
  const appPort = port(env, 'CLUSTER_PORT', 3900);
  const backendPort = port(env, 'CLUSTER_BACKEND_PORT', 8900);
  const apps = count(env, 'CLUSTER_APPS');
  const backends = count(env, 'CLUSTER_BACKENDS');
  const stateDir = path.resolve(root, setting(env, 'CLUSTER_STATE_DIR') ?? '.data/cluster');
  const publicUrl = (setting(env, 'PUBLIC_URL') ?? `http://localhost:${appPort}`).replace(
    /\/+$/,
    '',
  );
  const ownBucket = !setting(env, 'S3_BUCKET');
  const s3Port = backendPort + 10;
  return {
    publicUrl,
    stateDir,
    distDir: CLUSTER_DIST_DIR,
    databaseUrl: setting(env, 'DATABASE_URL') ?? DEFAULT_DATABASE_URL,
    redisUrl: setting(env, 'REDIS_URL') ?? DEFAULT_REDIS_URL,
    publicListener: { name: 'nginx (public)', port: appPort, url: publicUrl },
    backendListener: {
      name: 'nginx (backends)',
      port: backendPort,
      url: `http://127.0.0.1:${backendPort}`,
    },
    apps: Array.from({ length: apps }, (_, i) => ({
      name: `app-${i + 1}`,
      port: appPort + i + 1,
      url: `http://127.0.0.1:${appPort + i + 1}`,
    })),
    backends: Array.from({ length: backends }, (_, i) => ({
      name: `backend-${i + 1}`,
      port: backendPort + i + 1,
      url: `http://127.0.0.1:${backendPort + i + 1}`,
      dataDir: path.join(stateDir, `backend-${i + 1}`),
    })),
    s3: ownBucket
      ? {
          name: 's3rver',
          port: s3Port,
          url: `http://127.0.0.1:${s3Port}`,
          bucket: CLUSTER_BUCKET,
          directory: path.join(stateDir, 's3'),
        }
      : null,
  };
}

/** The S3 settings the backends get from the launcher's own s3rver (its fixed credentials). */
export function ownBucketEnv(s3) {
  return {
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.url,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

/** A URL with its password hidden, for logs. */
export function redacted(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

export { TopologyError };
