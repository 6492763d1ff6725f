import { existsSync } from 'node:fs';

import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { refuseWhileEmbeddedDatabaseInUse } from './db/embedded-in-use';

/**
 * `npm run db:migrate`: applies the migrations this build ships to the configured database
 * (DATABASE_URL, else the embedded one under DATA_DIR) and exits: 0 when the schema is current.
 * On PostgreSQL it holds the same advisory lock as a backend migrating at start, so it can run
 * beside starting backends (a Kubernetes Job during a rollout) without racing them.
 */
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  await refuseWhileEmbeddedDatabaseInUse(config);
  const started = Date.now();
  const database = await openDatabase({ ...config, migrate: true });
  await database.close();
  console.log(`migrations applied (${Date.now() - started} ms)`);
}

main().catch((error: unknown) => {
  console.error(`migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
