import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

import pg from 'pg';

import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrationsFolder, packageRoot } from '../src/paths';
import { TEST_JWT_SECRET } from './helpers/app';
import { createEmptyPostgresDatabaseUrl, dropTestDatabases } from './helpers/databases';
import { captureLogs } from './helpers/log-capture';

after(dropTestDatabases);

/** How many backends start at once. */
const BACKENDS = 3;

/** A backend on an empty embedded database under `dataDir`, seeding the demo data if it can. */
function emptyBackendConfig(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    BACKEND_PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
    ...env,
  });
}

describe('migrating as its own step (issue 24, point 3)', () => {
  it('leaves an unmigrated database alone at start: 503 from /readyz, no demo seed, a warning', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'eh-no-migrate-'));
    const logs = captureLogs();
    try {
      const app = await buildApp(emptyBackendConfig(dataDir), { logStream: logs.stream });
      try {
        const answer = await app.inject({ method: 'GET', url: '/readyz' });
        assert.equal(answer.statusCode, 503, answer.body);
        assert.notEqual(JSON.parse(answer.body).checks.migrations, 'ok');
        assert.ok(
          logs.lines.some((line) => String(line.msg).includes('npm run db:migrate')),
          'the log says how to migrate',
        );
        assert.ok(!logs.lines.some((line) => line.msg === 'seeded demo members'));
      } finally {
        await app.close();
      }
      // The same database after `npm run db:migrate` (the bundled entry, as production runs it):
      // the next start is ready and seeds.
      const migrate = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(packageRoot(), 'src', 'migrate.ts')],
        {
          env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:3000' },
          encoding: 'utf8',
        },
      );
      assert.equal(migrate.status, 0, migrate.stderr);
      assert.match(migrate.stdout, /migrations applied/);
      const again = await buildApp(emptyBackendConfig(dataDir), { logStream: logs.stream });
      try {
        const answer = await again.inject({ method: 'GET', url: '/readyz' });
        assert.equal(answer.statusCode, 200, answer.body);
        assert.ok(logs.lines.some((line) => line.msg === 'seeded demo members'));
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('migrates at start when MIGRATE_ON_START says so', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'eh-migrate-on-start-'));
    try {
      const app = await buildApp(
        emptyBackendConfig(dataDir, { MIGRATE_ON_START: 'true', SEED_DEMO: 'false' }),
        {
          logStream: captureLogs().stream,
        },
      );
      try {
        const answer = await app.inject({ method: 'GET', url: '/readyz' });
        assert.equal(answer.statusCode, 200, answer.body);
      } finally {
        await app.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('migrations on PostgreSQL (issue 23, point 5)', () => {
  it('run once when several backends start at once on an empty database, and all come up', async (t) => {
    if (!process.env.TEST_DATABASE_URL) return t.skip('TEST_DATABASE_URL is not set');
    const url = await createEmptyPostgresDatabaseUrl();
    const logs = captureLogs();
    const dataDirs = Array.from({ length: BACKENDS }, () =>
      mkdtempSync(path.join(tmpdir(), 'eh-migration-lock-')),
    );
    // Each builds its app as main.ts does: its own pool, then the migrations, at the same moment.
    const started = await Promise.allSettled(
      dataDirs.map((dir) =>
        buildApp(
          loadConfig({
            DATABASE_URL: url,
            BACKEND_PORT: '0',
            PUBLIC_URL: 'http://127.0.0.1:3000',
            DATA_DIR: dir,
            JWT_SECRET: TEST_JWT_SECRET,
            SEED_DEMO: 'false',
            LOG_LEVEL: 'warn',
            MIGRATE_ON_START: 'true',
          }),
          { logStream: logs.stream },
        ),
      ),
    );
    try {
      const failures = started.flatMap((result) =>
        result.status === 'rejected'
          ? [`${String(result.reason)} (${String((result.reason as Error).cause)})`]
          : [],
      );
      assert.deepEqual(failures, [], 'every backend comes up');
      for (const result of started) {
        if (result.status !== 'fulfilled') continue;
        const answer = await result.value.inject({ method: 'GET', url: '/readyz' });
        assert.equal(answer.statusCode, 200, answer.body);
      }
      assert.deepEqual(
        logs.lines.filter((line) => Number(line.level) >= 50),
        [],
        'no error was logged',
      );

      const journal = JSON.parse(
        readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
      ) as { entries: { when: number }[] };
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ created_at: string; runs: string }>(
          'select created_at, count(*) as runs from drizzle.__drizzle_migrations group by created_at order by created_at',
        );
        assert.deepEqual(
          rows.map((row) => [Number(row.created_at), Number(row.runs)]),
          journal.entries.map((entry) => [entry.when, 1]),
          'each migration recorded exactly once',
        );
      } finally {
        await client.end();
      }
    } finally {
      for (const result of started) {
        if (result.status === 'fulfilled') await result.value.close();
      }
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
