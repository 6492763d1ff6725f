import { eq } from 'drizzle-orm';

import { chunksOf } from '../db/chunks';
import type { Db } from '../db/client';
import { pendingImageDeletions } from '../db/schema';
import type { ImageStorage } from './image-storage';

/** A database or a transaction on it: what the recording statement runs on. */
type Executor = Pick<Db, 'insert'>;

/**
 * Records `key` for deletion. Call it in the same transaction that stops every post from naming
 * the key (a deleted post, a replaced image): once that commits, a crash before the objects are
 * gone leaves this record, and drainPendingDeletions finishes the deletion.
 */
export async function recordImageDeletion(tx: Executor, key: string): Promise<void> {
  await recordImageDeletions(tx, [key]);
}

/** recordImageDeletion for many keys (every post of a deleted account), a few statements. */
export async function recordImageDeletions(tx: Executor, keys: readonly string[]): Promise<void> {
  for (const chunk of chunksOf(keys)) {
    await tx
      .insert(pendingImageDeletions)
      .values(chunk.map((imageKey) => ({ imageKey })))
      .onConflictDoNothing();
  }
}

/**
 * Deletes the image under a recorded key with all its variants, then the record. Safe to repeat
 * and to run in several processes at once: keys are never reused, and deleting absent objects is
 * no error.
 */
export async function finishImageDeletion(
  db: Db,
  images: ImageStorage,
  key: string,
): Promise<void> {
  await images.delete(key);
  await db.delete(pendingImageDeletions).where(eq(pendingImageDeletions.imageKey, key));
}

/**
 * Finishes the recorded deletions of `keys`, `concurrency` at a time (a storage round trip each).
 * A failure is reported to `onError` and its record kept for the next start; the others go on.
 * Returns how many were finished.
 */
export async function finishImageDeletions(
  db: Db,
  images: ImageStorage,
  keys: readonly string[],
  onError: (key: string, error: unknown) => void,
  concurrency = 4,
): Promise<number> {
  let next = 0;
  let finished = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++];
      try {
        await finishImageDeletion(db, images, key);
        finished += 1;
      } catch (error) {
        onError(key, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker));
  return finished;
}

/**
 * Finishes every recorded deletion (left by a crash, or by a storage that failed at the time);
 * returns how many were finished. Stops at the first failure, which it rethrows, unless
 * `onError` is given: then it reports the failure, keeps that record for the next time, and goes
 * on with the others.
 */
export async function drainPendingDeletions(
  db: Db,
  images: ImageStorage,
  onError?: (key: string, error: unknown) => void,
): Promise<number> {
  const pending = await db
    .select({ imageKey: pendingImageDeletions.imageKey })
    .from(pendingImageDeletions);
  let finished = 0;
  for (const { imageKey } of pending) {
    try {
      await finishImageDeletion(db, images, imageKey);
      finished += 1;
    } catch (error) {
      if (!onError) throw error;
      onError(imageKey, error);
    }
  }
  return finished;
}
