import { and, asc, eq, gt } from 'drizzle-orm';

import type { Db } from '../db/client';
import { posts } from '../db/schema';
import { IMAGE_KEY_PATTERN, type ImageStorage } from './image-storage';
import { ImageRejectedError } from './image-type';
import { drainPendingDeletions, recordImageDeletion } from './pending-deletions';

export interface ReprocessReport {
  /** Posts whose image went through the pipeline now. */
  processed: number;
  /** Posts whose image had already been processed (or that have none). */
  alreadyDone: number;
  /** Posts whose stored image is gone (they keep their key; nothing to process). */
  missing: number;
  /** Posts whose stored image the pipeline refuses (damaged, or not an image). */
  refused: number;
  /**
   * Recorded image deletions finished: replaced images, and those a crash left recorded (of a
   * replaced image, or of a deleted post when the backend has not finished it at its start).
   */
  deleted: number;
}

export interface ReprocessLog {
  info(message: string): void;
  warn(message: string): void;
}

const PAGE = 100;

/** A post's image is done when it carries the pipeline's measurements under a key of ours. */
function isProcessed(row: { imageKey: string; imageWidth: number | null }): boolean {
  return row.imageWidth !== null && IMAGE_KEY_PATTERN.test(row.imageKey);
}

/**
 * Sends every post image stored before the pipeline (or written by the original backend) through
 * it: metadata stripped, orientation applied, variants and placeholder made. Each image is stored
 * under a new key, the post is switched to it in one transaction that also records the old key
 * for deletion, and then the old objects are deleted.
 *
 * Idempotent: processed posts are recognised and skipped. Resumable: each post is finished before
 * the next starts, and a run that died after switching a post and before deleting its old image
 * finds the old key recorded and deletes it first.
 */
export async function reprocessImages(
  db: Db,
  images: ImageStorage,
  log: ReprocessLog,
): Promise<ReprocessReport> {
  const report: ReprocessReport = {
    processed: 0,
    alreadyDone: 0,
    missing: 0,
    refused: 0,
    deleted: await drainPendingDeletions(db, images),
  };

  let afterId = 0;
  for (;;) {
    const page = await db
      .select({ id: posts.id, imageKey: posts.imageKey, imageWidth: posts.imageWidth })
      .from(posts)
      .where(gt(posts.id, afterId))
      .orderBy(asc(posts.id))
      .limit(PAGE);
    if (page.length === 0) break;
    afterId = page[page.length - 1].id;

    for (const post of page) {
      if (!post.imageKey || isProcessed(post)) {
        report.alreadyDone += 1;
        continue;
      }
      const original = await images.open(post.imageKey);
      if (!original) {
        report.missing += 1;
        log.warn(`post ${post.id}: image ${post.imageKey} is not in the storage; left as it is`);
        continue;
      }
      let stored;
      try {
        stored = await images.put(original.stream);
      } catch (error) {
        if (!(error instanceof ImageRejectedError)) throw error;
        report.refused += 1;
        log.warn(
          `post ${post.id}: image ${post.imageKey} refused (${error.reason}); left as it is`,
        );
        continue;
      }
      // Whichever key no post names after the switch is recorded for deletion: the old one, or
      // the new one when the post was deleted or changed meanwhile.
      const switched = await db.transaction(async (tx) => {
        const updated = await tx
          .update(posts)
          .set({
            imageKey: stored.key,
            imageWidth: stored.width,
            imageHeight: stored.height,
            imagePlaceholder: stored.placeholder,
          })
          .where(and(eq(posts.id, post.id), eq(posts.imageKey, post.imageKey)))
          .returning({ id: posts.id });
        const unused = updated.length > 0 ? post.imageKey : stored.key;
        await recordImageDeletion(tx, unused);
        return updated.length > 0;
      });
      report.deleted += await drainPendingDeletions(db, images);
      if (switched) {
        report.processed += 1;
        log.info(`post ${post.id}: ${post.imageKey} → ${stored.key}`);
      }
    }
  }
  return report;
}
