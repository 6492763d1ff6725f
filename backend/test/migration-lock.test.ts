import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

import pg from 'pg';

import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrationsFolder } from '../src/paths';
import { TEST_JWT_SECRET } from './helpers/app';
import { createEmptyPostgresDatabaseUrl, dropTestDatabases } from './helpers/databases';
import { captureLogs } from './helpers/log-capture';

after(dropTestDatabases);

/** How many backends start at once. */
const BACKENDS = 3;

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
