/**
 * The outside services of the scale-out rehearsal: PostgreSQL (the database is created when
 * missing), Redis (reachable?), free ports, and the JWT secret every backend shares. Each failure
 * is a ServiceError whose message says what to do.
 *
 * The clients are the backend's own (`pg`, `ioredis`), resolved from backend/package.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

import { redacted } from './topology.mjs';

export class ServiceError extends Error {}

function backendRequire(root) {
  return createRequire(path.join(root, 'backend', 'package.json'));
}

function where(url) {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || (parsed.protocol.startsWith('redis') ? 6379 : 5432)}`;
}

/** Connects to `url` with node-postgres; resolves to the connected client. */
async function connect(pg, url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  // A connection that fails later (the server stopping) must not crash the launcher.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/**
 * Makes sure the database of `databaseUrl` exists: connects, and on "database does not exist"
 * creates it from the server's `postgres` database. Resolves to true when it was created.
 * `variable` names the setting to change in messages.
 */
export async function ensureDatabase(root, databaseUrl, variable = 'DATABASE_URL') {
  const pg = backendRequire(root)('pg');
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!name) throw new ServiceError(`DATABASE_URL names no database: ${redacted(databaseUrl)}`);
  try {
    const client = await connect(pg, databaseUrl);
    await client.end();
    return false;
  } catch (error) {
    if (error.code !== '3D000') throw unreachable('PostgreSQL', databaseUrl, error, variable);
  }
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  let client;
  try {
    client = await connect(pg, admin.toString());
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    return true;
  } catch (error) {
    if (error.code === '42P04') return false; // created meanwhile by someone else
    throw new ServiceError(
      `PostgreSQL at ${where(databaseUrl)} has no database "${name}" and it could not be created ` +
        `(${error.code ?? error.message}): create it, or set ${variable} to one that exists`,
    );
  } finally {
    await client?.end().catch(() => undefined);
  }
}

/** Drops the database of `databaseUrl` (the e2e run's own), closing its connections. */
export async function dropDatabase(root, databaseUrl) {
  const pg = backendRequire(root)('pg');
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = await connect(pg, admin.toString());
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Resolves when Redis at `redisUrl` answers PING (`variable` as for ensureDatabase). */
export async function checkRedis(root, redisUrl, variable = 'REDIS_URL') {
  const { Redis } = backendRequire(root)('ioredis');
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The connection's own error (ECONNREFUSED, …) says more than the rejection ("closed").
  let cause = null;
  client.on('error', (error) => {
    cause ??= error;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw unreachable('Redis', redisUrl, cause ?? error, variable);
  } finally {
    client.disconnect();
  }
}

function unreachable(what, url, error, variable) {
  return new ServiceError(
    `${what} at ${where(url)} is not reachable (${error.code ?? error.message}): ` +
      `start it, or set ${variable} (now ${redacted(url)})`,
  );
}

/** Rejects with the first port of `ports` (`[{ port, name }]`) that something already uses. */
export async function ensurePortsFree(ports, hint) {
  for (const { port, name } of ports) {
    const free = await new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', (error) => resolve(error.code !== 'EADDRINUSE'));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (!free)
      throw new ServiceError(`port ${port} (${name}) is taken: stop what uses it, ${hint}`);
  }
}

/**
 * JWT_SECRET when set; otherwise one generated on the first run and kept in
 * `stateDir/jwt-secret`, so sessions outlive a restart of the rehearsal. Every backend gets the
 * same one: a token signed by one instance is checked by another.
 */
export function sharedJwtSecret(env, stateDir) {
  if (env.JWT_SECRET?.trim()) return { secret: env.JWT_SECRET.trim(), source: 'JWT_SECRET' };
  const file = path.join(stateDir, 'jwt-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return { secret: stored, source: file };
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(64).toString('base64');
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { secret, source: `${file} (generated)` };
}
