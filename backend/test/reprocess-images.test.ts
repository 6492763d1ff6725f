import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { asc, eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';

import { imageVariantKey } from '@/lib/contract/values';

import type { Database } from '../src/db/client';
import { pendingImageDeletions, posts } from '../src/db/schema';
import { createPost } from '../src/post/service';
import { buildMember, insertMembers } from '../src/seed/builders';
import { LocalObjectStore } from '../src/storage/local-image-storage';
import { ProcessingImageStorage } from '../src/storage/processing-image-storage';
import { reprocessImages } from '../src/storage/reprocess-images';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { FILES_PER_IMAGE, filesUnder, phonePhoto, TINY_IMAGES } from './helpers/images';

after(dropTestDatabases);

const quiet = { info: () => {}, warn: () => {} };

describe('npm run images:reprocess (reprocessImages)', () => {
  let database: Database;
  let dir: string;
  let storage: ProcessingImageStorage;
  let memberId: number;

  beforeEach(async () => {
    database = await databaseKinds()[0].create();
    dir = await mkdtemp(path.join(os.tmpdir(), 'reprocess-'));
    storage = new ProcessingImageStorage(new LocalObjectStore(dir), 10 * 1024 * 1024);
    [{ id: memberId }] = await insertMembers(database.db, [buildMember()]);
  });
  afterEach(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A post naming `key`, as the backend stored it before the pipeline (no measurements). */
  async function legacyPost(key: string, data?: Buffer): Promise<number> {
    if (data) await writeFile(path.join(dir, key), data);
    const [row] = await database.db
      .insert(posts)
      .values({ memberId, text: key, imageKey: key })
      .returning({ id: posts.id });
    return row.id;
  }

  const rows = () =>
    database.db
      .select({
        id: posts.id,
        key: posts.imageKey,
        width: posts.imageWidth,
        height: posts.imageHeight,
        placeholder: posts.imagePlaceholder,
      })
      .from(posts)
      .orderBy(asc(posts.id));

  it('strips and re-encodes old images under new keys, once, and deletes the originals', async () => {
    const photo = await phonePhoto(1200, 900);
    const oldJpeg = `${randomUUID()}.JPG`; // as the original backend wrote it
    const oldPng = `${randomUUID()}.png`; // as this backend wrote it before the pipeline
    const jpegPost = await legacyPost(oldJpeg, photo);
    const pngPost = await legacyPost(oldPng, TINY_IMAGES.png.data);
    const gonePost = await legacyPost(`${randomUUID()}.png`); // its file is gone
    const damagedPost = await legacyPost(`${randomUUID()}.gif`, Buffer.from('GIF89a garbage'));
    const done = await storage.put(Readable.from([TINY_IMAGES.gif.data]));
    await createPost(database.db, memberId, 'new', { ...done });

    const report = await reprocessImages(database.db, storage, quiet);
    assert.deepEqual(report, { processed: 2, alreadyDone: 1, missing: 1, refused: 1, deleted: 2 });

    const after = await rows();
    const jpeg = after.find((row) => row.id === jpegPost)!;
    assert.match(jpeg.key, /^[0-9a-f-]{36}\.jpg$/);
    assert.deepEqual([jpeg.width, jpeg.height], [900, 1200], 'upright (orientation 6 applied)');
    assert.ok(jpeg.placeholder);
    const served = await readFile(path.join(dir, jpeg.key));
    assert.equal(await exifr.parse(served, true), undefined, 'no metadata left');
    assert.equal((await sharp(served).metadata()).width, 900);
    assert.ok(after.find((row) => row.id === pngPost)!.key.endsWith('.png'));
    assert.equal(after.find((row) => row.id === gonePost)!.width, null, 'missing: left as it was');
    assert.equal(after.find((row) => row.id === damagedPost)!.width, null, 'refused: left');

    const files = filesUnder(dir);
    assert.ok(!files.includes(oldJpeg) && !files.includes(oldPng), 'originals deleted');
    assert.ok(files.includes(imageVariantKey(jpeg.key, 640, 'webp')));
    // the damaged one stays (nothing better to show), plus three complete processed images
    assert.equal(files.length, 3 * FILES_PER_IMAGE + 1);

    const again = await reprocessImages(database.db, storage, quiet);
    assert.deepEqual(again, { processed: 0, alreadyDone: 3, missing: 1, refused: 1, deleted: 0 });
    assert.deepEqual(await rows(), after, 'a second run changes nothing');
  });

  it('finishes what a run that died after switching a post left recorded', async () => {
    const leftOver = `${randomUUID()}.png`;
    await writeFile(path.join(dir, leftOver), TINY_IMAGES.png.data);
    await database.db.insert(pendingImageDeletions).values({ imageKey: leftOver });

    const report = await reprocessImages(database.db, storage, quiet);
    assert.equal(report.deleted, 1);
    assert.deepEqual(filesUnder(dir), []);
    assert.deepEqual(await database.db.select().from(pendingImageDeletions), []);
  });

  it('keeps a post changed meanwhile on its new image and deletes the unused result', async () => {
    const oldKey = `${randomUUID()}.png`;
    const id = await legacyPost(oldKey, TINY_IMAGES.png.data);
    // Another writer replaces the post's image while the run is processing the old one.
    const racing = new ProcessingImageStorage(new LocalObjectStore(dir), 10 * 1024 * 1024);
    const replacement = await racing.put(Readable.from([TINY_IMAGES.webp.data]));
    const original = storage.put.bind(storage);
    storage.put = async (stream) => {
      const stored = await original(stream);
      await database.db.update(posts).set({ imageKey: replacement.key }).where(eq(posts.id, id));
      return stored;
    };

    const report = await reprocessImages(database.db, storage, quiet);
    assert.equal(report.processed, 0);
    const [row] = await rows();
    assert.equal(row.key, replacement.key);
    const files = filesUnder(dir);
    assert.equal(files.length, FILES_PER_IMAGE + 1, 'the replacement and the untouched original');
    assert.ok(files.includes(oldKey) && files.includes(replacement.key));
  });
});
