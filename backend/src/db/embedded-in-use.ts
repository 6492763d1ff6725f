import type { Config } from '../config';

/**
 * For the one-off commands (db:migrate, images:reprocess): ends the process with a message when the
 * backend is running on the embedded database, which one process at a time may open (a second
 * opener would corrupt it). PostgreSQL takes any number of clients, so it is never refused.
 */
export async function refuseWhileEmbeddedDatabaseInUse(config: Config): Promise<void> {
  if (config.databaseUrl || !(await backendAnswers(config.port))) return;
  console.error(
    'The backend is running on the embedded database, which one process at a time may open.\n' +
      'Stop the app (npm start) first, then run this command again.',
  );
  process.exit(1);
}

async function backendAnswers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, {
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}
