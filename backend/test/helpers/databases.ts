import { randomBytes } from 'node:crypto';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { type Database, fromPglite, fromPool, migrateDatabase } from '../../src/db/client';

export interface DatabaseKind {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database. */
  create(): Promise<Database>;
}

let pgliteTemplate: Promise<Blob> | null = null;

/** Migrates one in-memory PGlite per process and dumps it; each test loads a copy. */
function pgliteTemplateDump(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const client = await PGlite.create();
    await migrateDatabase(fromPglite(client));
    const dump = await client.dumpDataDir('none');
    await client.close();
    return dump;
  })();
  return pgliteTemplate;
}

const pglite: DatabaseKind = {
  name: 'pglite',
  async create() {
    return fromPglite(await PGlite.create({ loadDataDir: await pgliteTemplateDump() }));
  },
};

const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
const created: string[] = [];
let postgresTemplate: Promise<string> | null = null;

function adminUrl(): string {
  return process.env.TEST_DATABASE_URL!;
}

function urlFor(database: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.href;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates a migrated template database once per process; tests clone it with CREATE DATABASE … TEMPLATE. */
function postgresTemplateName(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `eh_test_tpl_${runId}`;
    await admin((c) => c.query(`CREATE DATABASE "${name}"`));
    created.push(name);
    const pool = new pg.Pool({ connectionString: urlFor(name), max: 1 });
    await migrateDatabase(fromPool(pool));
    await pool.end();
    return name;
  })();
  return postgresTemplate;
}

let counter = 0;

/**
 * The URL of a fresh, migrated PostgreSQL database (a clone of the template, dropped by
 * `dropTestDatabases`); needs TEST_DATABASE_URL.
 */
export async function createPostgresDatabaseUrl(): Promise<string> {
  const template = await postgresTemplateName();
  counter += 1;
  const name = `eh_test_${runId}_${counter}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  created.push(name);
  return urlFor(name);
}

/**
 * The URL of a fresh, empty PostgreSQL database (not migrated; dropped by `dropTestDatabases`);
 * needs TEST_DATABASE_URL.
 */
export async function createEmptyPostgresDatabaseUrl(): Promise<string> {
  counter += 1;
  const name = `eh_test_${runId}_${counter}_empty`;
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  created.push(name);
  return urlFor(name);
}

const postgres: DatabaseKind = {
  name: 'postgres',
  async create() {
    const url = await createPostgresDatabaseUrl();
    return fromPool(new pg.Pool({ connectionString: url, max: 5 }));
  },
};

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? [pglite, postgres] : [pglite];
}

/** Drops the PostgreSQL databases this process created (call from `after`). */
export async function dropTestDatabases(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL || created.length === 0) return;
  await admin(async (c) => {
    for (const name of created.reverse())
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
  created.length = 0;
}
