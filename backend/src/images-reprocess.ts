import { existsSync } from 'node:fs';

import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { refuseWhileEmbeddedDatabaseInUse } from './db/embedded-in-use';
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
  await refuseWhileEmbeddedDatabaseInUse(config);
  const database = await openDatabase({ ...config, migrate: true }); // the newest schema
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
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
