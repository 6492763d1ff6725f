import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import { migrationsFolder } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** 'pglite' for the embedded database, 'postgres' for DATABASE_URL. */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The node-postgres pool underneath (kind 'postgres'): metrics read its counts. */
  pool?: pg.Pool;
  /** The embedded database underneath (kind 'pglite'). */
  pglite?: PGlite;
}

/** Wraps an open PGlite instance (used by tests with a cloned template). */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close(), pglite: client };
}

/** Wraps a node-postgres pool. */
export function fromPool(pool: pg.Pool): Database {
  // An idle connection that breaks (PostgreSQL restarted, a network cut) is emitted as the pool's
  // 'error'; without a listener that would end the process. The pool has dropped it already and
  // opens a new one on the next query; buildApp adds a listener that logs it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end(), pool };
}

/**
 * The PostgreSQL advisory lock a migration run holds (any fixed bigint; this one is "EHMIGRAT" in
 * ASCII), so that backends starting at once on one database migrate one after the other: without
 * it, they race on Drizzle's `CREATE SCHEMA/TABLE IF NOT EXISTS` and the migrations themselves.
 */
export const MIGRATION_LOCK_KEY = '4992325164064719188';

/**
 * Runs the SQL migrations on a database of either kind. On PostgreSQL, on one connection of the
 * pool that holds the advisory lock for the whole run: whoever comes second waits, then finds
 * nothing left to apply. PGlite belongs to this process alone and needs no lock.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const options = { migrationsFolder: migrationsFolder() };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, options);
    return;
  }
  const client = await database.pool!.connect();
  // A connection left in doubt (its unlock, or the lock itself, failed) is closed rather than
  // returned to the pool: a session's advisory locks end with it.
  let doubtful: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }) as never, options);
    } finally {
      await client
        .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
        .catch((error: Error) => {
          doubtful = error;
        });
    }
  } catch (error) {
    doubtful ??= error as Error;
    throw error;
  } finally {
    client.release(doubtful ?? false);
  }
}

/**
 * Opens the configured database (node-postgres when databaseUrl is set, else PGlite in
 * dataDir/pglite), and migrates it when `migrate` says so.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  migrate: boolean;
}): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    database = fromPool(new pg.Pool({ connectionString: options.databaseUrl, max: 10 }));
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    database = fromPglite(await PGlite.create(dir));
  }
  if (!options.migrate) return database;
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}
