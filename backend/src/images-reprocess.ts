import { loadConfig } from './config';
import { existsSync } from 'node:fs';

import { openDatabase } from './db/client';
import { createImageStorage } from './storage/create-image-storage';
import { reprocessImages } from './storage/reprocess-images';

/**
 * `npm run images:reprocess`: sends every post image stored before the image pipeline (or by the
 * original backend) through it, with the same settings as the backend (DATABASE_URL, DATA_DIR,
 * S3_*). Safe to run again, and to stop and start again: see reprocessImages.
 */
async function main(): Promise<void> {
  // The same `.env` as `npm start` reads, from the project's root (the working directory).
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (!config.databaseUrl && (await backendAnswers(config.port))) {
    console.error(
      'The backend is running on the embedded database, which one process at a time may open.\n' +
        'Stop the app (npm start) first, then run this command again.',
    );
    process.exit(1);
  }
  const database = await openDatabase(config); // migrated to the newest schema
  const images = createImageStorage(config);
  try {
    const report = await reprocessImages(database.db, images, {
      info: (message) => console.log(message),
      warn: (message) => console.warn(message),
    });
    console.log(
      `images:reprocess: ${report.processed} processed, ${report.alreadyDone} already done, ` +
        `${report.missing} missing, ${report.refused} refused, ${report.deleted} old images deleted`,
    );
  } finally {
    images.close();
    await database.close();
  }
}

/** Whether a backend answers on this machine's BACKEND_PORT (it would hold the embedded database). */
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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
