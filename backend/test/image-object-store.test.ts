import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';

import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';

import { IMAGE_VARIANT_SPECS, imageVariantKey } from '@/lib/contract/values';

import { buildMember, insertMembers } from '../src/seed/builders';
import { type ImageObjectStore, ImageStorageError } from '../src/storage/image-storage';
import { ImageRejectedError } from '../src/storage/image-type';
import { LocalObjectStore } from '../src/storage/local-image-storage';
import { ProcessingImageStorage } from '../src/storage/processing-image-storage';
import { createS3Client, S3ObjectStore } from '../src/storage/s3-object-store';
import { sessionCookie } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { FILES_PER_IMAGE, filesUnder, TINY_IMAGES, uploadPost } from './helpers/images';
import { startS3, type TestS3 } from './helpers/s3';

const MB = 1024 * 1024;

/** One store under test: how to make it, list what it holds and put a foreign object into it. */
interface StoreKind {
  name: string;
  keyPrefix: string;
  create(): Promise<ImageObjectStore>;
  /** Every key stored, sorted. */
  keys(): Promise<string[]>;
  /** Writes `data` under `key` behind the store's back (an object another program wrote). */
  plant(key: string, data: Buffer): Promise<void>;
  close(): Promise<void>;
}

function localKind(): StoreKind {
  let dir = '';
  return {
    name: 'local folder',
    keyPrefix: '',
    async create() {
      dir = await mkdtemp(path.join(os.tmpdir(), 'store-'));
      return new LocalObjectStore(dir);
    },
    async keys() {
      return filesUnder(dir).sort();
    },
    plant: (key, data) => writeFile(path.join(dir, key), data),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

function s3Kind(): StoreKind {
  let s3: TestS3;
  let client: S3Client;
  return {
    name: 'S3-compatible bucket (s3rver)',
    keyPrefix: 'images/',
    async create() {
      s3 = await startS3();
      client = createS3Client(s3.settings);
      return new S3ObjectStore(createS3Client(s3.settings), s3.settings.bucket);
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async plant(key, data) {
      await client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key: key, Body: data }));
    },
    async close() {
      client.destroy();
      await s3.close();
    },
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

for (const kind of [localKind(), s3Kind()]) {
  describe(`image object store contract: ${kind.name}`, () => {
    let store: ImageObjectStore;
    let storage: ProcessingImageStorage;

    before(async () => {
      store = await kind.create();
      storage = new ProcessingImageStorage(store, MB);
    });
    after(async () => {
      storage.close();
      await kind.close();
    });

    it('stores an upload and all its variants under new keys with its prefix', async () => {
      const stored = await storage.put(Readable.from([TINY_IMAGES.png.data]));
      assert.match(stored.key, new RegExp(`^${kind.keyPrefix}[0-9a-f-]{36}\\.png$`));
      const keys = await kind.keys();
      assert.equal(keys.length, FILES_PER_IMAGE);
      assert.ok(keys.includes(stored.key));

      const opened = await storage.open(stored.key);
      assert.ok(opened);
      assert.equal(opened.contentType, 'image/png');
      assert.equal(opened.etag, `"${stored.key}"`);
      const bytes = await readAll(opened.stream);
      assert.equal(bytes.length, opened.size);
      assert.equal(bytes.length, stored.bytes);
      assert.equal((await sharp(bytes).metadata()).width, 4);

      for (const { width, format } of IMAGE_VARIANT_SPECS) {
        const variant = await storage.open(imageVariantKey(stored.key, width, format));
        assert.ok(variant, `${width} ${format}`);
        assert.equal(variant.contentType, `image/${format === 'jpg' ? 'jpeg' : format}`);
        assert.equal(
          (await sharp(await readAll(variant.stream)).metadata()).format,
          format === 'jpg' ? 'jpeg' : format,
        );
      }

      await storage.delete(stored.key);
      assert.deepEqual(await kind.keys(), [], 'delete removes the image and every variant');
      assert.equal(await storage.open(stored.key), null);
      await storage.delete(stored.key); // absent: no error
    });

    it('answers null for absent, foreign and escaping keys', async () => {
      for (const key of [
        `${kind.keyPrefix}${randomUUID()}.png`,
        `${randomUUID()}.svg`,
        `../${randomUUID()}.png`,
        `images/../${randomUUID()}.png`,
        '',
      ]) {
        assert.equal(await storage.open(key), null, key);
      }
    });

    it('refuses what is not an image and keeps nothing', async () => {
      await assert.rejects(
        storage.put(Readable.from([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')])),
        ImageRejectedError,
      );
      await assert.rejects(
        storage.put(Readable.from([TINY_IMAGES.png.data.subarray(0, 40)])),
        ImageRejectedError,
      );
      assert.deepEqual(await kind.keys(), []);
    });

    it('refuses a batch with a key it would never make, writing none of it', async () => {
      const good = `${kind.keyPrefix}${randomUUID()}.png`;
      await assert.rejects(
        store.putAll([
          { key: good, data: TINY_IMAGES.png.data, contentType: 'image/png' },
          { key: '../escape.png', data: TINY_IMAGES.png.data, contentType: 'image/png' },
        ]),
        ImageStorageError,
      );
      assert.deepEqual(await kind.keys(), []);
    });

    it('serves an image the original backend wrote (extension in its own case)', async () => {
      const key = `${kind.keyPrefix}${randomUUID()}.JPEG`;
      await kind.plant(key, TINY_IMAGES.jpg.data);
      const opened = await storage.open(key);
      assert.ok(opened);
      assert.equal(opened.contentType, 'image/jpeg');
      assert.deepEqual(await readAll(opened.stream), TINY_IMAGES.jpg.data);
      await storage.delete(key);
      assert.deepEqual(await kind.keys(), []);
    });
  });
}

after(dropTestDatabases);

describe('two backend instances on one bucket', () => {
  let s3: TestS3;
  let first: TestServer;
  let second: TestServer;

  before(async () => {
    s3 = await startS3();
    const [kind] = databaseKinds();
    const database = await kind.create();
    first = await startServer(database, s3.env);
    // The second instance shares the database; only the first one closes it.
    second = await startServer({ ...database, close: async () => {} }, s3.env);
  });
  after(async () => {
    await second?.close();
    await first?.close();
    await s3?.close();
  });

  it('each serves what the other stored, under images/, and nothing lands on local disk', async () => {
    const [member] = await insertMembers(first.database.db, [buildMember()]);
    const cookie = await sessionCookie(member);
    for (const [writer, reader] of [
      [first, second],
      [second, first],
    ]) {
      const upload = await uploadPost(writer, cookie, {
        file: { data: TINY_IMAGES.jpg.data, name: 'a.jpg' },
        text: '버킷에',
      });
      assert.equal(upload.status, 201, await upload.clone().text());
      const feed = (await (
        await fetch(`${reader.baseUrl}/api/posts?limit=1`, { headers: { cookie } })
      ).json()) as { imageUrl: string }[];
      const key = feed[0].imageUrl;
      assert.match(key, /^images\/[0-9a-f-]{36}\.jpg$/);

      // The key as the BFF forwards it (`/api/images/images/<uuid>.jpg`) and percent-encoded.
      for (const url of [
        `${reader.baseUrl}/api/images/${key}`,
        `${reader.baseUrl}/api/images/${encodeURIComponent(key)}`,
        `${reader.baseUrl}/api/images/${imageVariantKey(key, 320, 'webp')}`,
      ]) {
        const served = await fetch(url, { headers: { cookie } });
        assert.equal(served.status, 200, url);
        assert.match(served.headers.get('content-type') ?? '', /^image\/(jpeg|webp)$/);
        assert.ok((await served.arrayBuffer()).byteLength > 0);
      }
      assert.deepEqual(filesUnder(path.join(writer.config.dataDir, 'images')), []);
    }
  });
});
