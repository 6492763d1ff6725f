import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { crc32 } from 'node:zlib';

import { count } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { thumbHashToRGBA } from 'thumbhash';

import { errorBodySchema } from '@/lib/contract/errors';
import { postListSchema } from '@/lib/contract/post';
import { IMAGE_VARIANTS, imageVariantKey } from '@/lib/contract/values';

import { type Member, posts } from '../src/db/schema';
import { buildMember, insertMembers } from '../src/seed/builders';
import { gradientPng } from '../src/seed/png';
import { processImage } from '../src/storage/image-pipeline';
import { IMAGE_KEY_PATTERN } from '../src/storage/image-storage';
import { detectImageType } from '../src/storage/image-type';
import { LocalObjectStore } from '../src/storage/local-image-storage';
import { ProcessingImageStorage } from '../src/storage/processing-image-storage';
import { type ApiClient, apiClient, sessionCookie } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import {
  displayImages,
  FILES_PER_IMAGE,
  filesUnder,
  phonePhoto,
  storedFiles,
  uploadPost,
} from './helpers/images';
import { until } from './helpers/wait';

after(dropTestDatabases);

const UNSUPPORTED = { file: 'PNG, JPEG, GIF, WebP, HEIC 이미지만 올릴 수 있습니다.' };
/** A 64×48 HEIC (left half red, right half blue), encoded with libheif 1.15's heif-enc (x265). */
const HEIC_FIXTURE = path.join(import.meta.dirname, 'fixtures', 'red-blue-64x48.heic');

/** A valid PNG header claiming `width`×`height` (a decompression bomb), with a tiny IDAT. */
function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(gradientPng(1, 1, [0, 0, 0]));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29); // IHDR's CRC over type + data
  return png;
}

/** The fourcc of each chunk of a WebP (RIFF) file. */
function webpChunks(bytes: Buffer): string[] {
  const chunks: string[] = [];
  for (let offset = 12; offset + 8 <= bytes.length;) {
    chunks.push(bytes.toString('latin1', offset, offset + 4));
    const size = bytes.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2);
  }
  return chunks;
}

/**
 * Asserts that `bytes` carry no metadata at all: no EXIF/GPS/XMP/IPTC/ICC/comments (exifr reads
 * JPEG, PNG and HEIC; a WebP's chunks are listed instead).
 */
async function assertNoMetadata(bytes: Buffer, label: string): Promise<void> {
  const metadata = await sharp(bytes).metadata();
  for (const field of ['exif', 'icc', 'xmp', 'iptc', 'comments'] as const) {
    assert.equal(metadata[field], undefined, `${label}: ${field}`);
  }
  assert.ok(!metadata.orientation || metadata.orientation === 1, `${label}: orientation`);
  if (metadata.format === 'webp') {
    const chunks = webpChunks(bytes);
    assert.ok(chunks.length > 0, label);
    for (const chunk of ['EXIF', 'XMP ', 'ICCP'])
      assert.ok(!chunks.includes(chunk), `${label}: ${chunk}`);
    return;
  }
  const parsed = (await exifr.parse(bytes, {
    tiff: true,
    exif: true,
    gps: true,
    xmp: true,
    iptc: true,
    icc: true,
    jfif: false,
    ihdr: false,
  })) as Record<string, unknown> | undefined;
  assert.equal(parsed?.latitude, undefined, `${label}: GPS`);
  assert.equal(parsed?.GPSLatitude, undefined, `${label}: GPS`);
  assert.equal(parsed?.Make, undefined, `${label}: Make`);
  assert.equal(parsed?.Model, undefined, `${label}: Model`);
  assert.ok(parsed?.Orientation === undefined || parsed.Orientation === 1, `${label}: orientation`);
  assert.equal(parsed, undefined, `${label}: ${JSON.stringify(parsed)?.slice(0, 200)}`);
}

/** The mean colour (r, g, b) of a `size`-px square at (`left`, `top`). */
async function colourAt(bytes: Buffer, left: number, top: number, size: number) {
  const { data, info } = await sharp(bytes)
    .extract({ left, top, width: size, height: size })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sums = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) {
    for (let c = 0; c < 3; c += 1) sums[c] += data[i + c];
  }
  return sums.map((sum) => Math.round(sum / (size * size)));
}

let photo: Buffer;
before(async () => {
  photo = await phonePhoto(4000, 3000);
});

describe('image pipeline', () => {
  it('processes a 12 MP phone photo (timing reported, budget 1.5 s on the 2-core machine)', async (t) => {
    const type = detectImageType(photo)!;
    await processImage(photo, type); // warm-up: loads libvips' codecs
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      const image = await processImage(photo, type);
      times.push(performance.now() - started);
      assert.deepEqual([image.width, image.height], [1920, 2560]);
    }
    const median = times.sort((a, b) => a - b)[1];
    t.diagnostic(
      `4000×3000 JPEG (${(photo.length / 1e6).toFixed(1)} MB): median ${median.toFixed(0)} ms ` +
        `over 3 runs (${times.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
    );
  });

  it('refuses content that is not what its first bytes claim', async () => {
    const png = gradientPng(30, 10, [255, 0, 0]);
    await assert.rejects(processImage(png, detectImageType(photo)!), { reason: 'corrupt' });
  });

  it('makes a placeholder that decodes to the image proportions', async () => {
    const png = gradientPng(300, 100, [255, 0, 0]);
    const processed = await processImage(png, detectImageType(png)!);
    const decoded = thumbHashToRGBA(Buffer.from(processed.placeholder, 'base64'));
    assert.ok(decoded.w > decoded.h * 2, `${decoded.w}×${decoded.h}`);
  });

  it('keeps animated GIFs animated in the display image and the WebP variants', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background } })
        .png()
        .toBuffer();
    const twoFrames = await sharp([await frame('#c33'), await frame('#33c')], {
      join: { animated: true },
    })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    assert.equal((await sharp(twoFrames).metadata()).pages, 2);
    const processed = await processImage(twoFrames, detectImageType(twoFrames)!);
    assert.equal(processed.type.ext, 'gif');
    assert.deepEqual([processed.width, processed.height], [40, 30]);
    assert.equal((await sharp(processed.display).metadata()).pages, 2);
    const webp = processed.variants.find((v) => v.format === 'webp')!;
    assert.equal((await sharp(webp.data).metadata()).pages, 2);
    const jpg = processed.variants.find((v) => v.format === 'jpg')!;
    assert.deepEqual(
      await sharp(jpg.data)
        .metadata()
        .then((m) => [m.width, m.height]),
      [40, 30],
    );
  });
});

describe('ProcessingImageStorage', () => {
  it('decodes at most `concurrency` uploads at once; the others wait their turn and succeed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'processing-'));
    try {
      const storage = new ProcessingImageStorage(new LocalObjectStore(dir), 10 * 1024 * 1024, 1);
      const photo = await phonePhoto(1600, 1200);
      const puts = [1, 2, 3].map(() => storage.put(Readable.from([photo])));
      await until(
        () => storage.processingQueue.active === 1 && storage.processingQueue.waiting === 2,
        'one upload processing and two waiting',
      );
      const stored = await Promise.all(puts);
      assert.equal(new Set(stored.map((image) => image.key)).size, 3);
      assert.deepEqual(storage.processingQueue, { active: 0, waiting: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('LocalObjectStore.putAll', () => {
  it('leaves none of an upload when one object fails midway', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'objects-'));
    try {
      const store = new LocalObjectStore(dir);
      const key = '0b4f6c1e-8d2a-4c3b-9f1e-2a3b4c5d6e7f.jpg';
      const objects = [
        key,
        ...IMAGE_VARIANTS.widths.map((w) => imageVariantKey(key, w, 'webp')),
      ].map((name) => ({ key: name, data: Buffer.from(name), contentType: 'image/jpeg' }));
      // a directory in the way of one variant: its rename fails after others were placed
      const blocked = path.join(dir, objects[2].key);
      await mkdir(path.join(blocked, 'x'), { recursive: true });
      await assert.rejects(store.putAll(objects));
      assert.deepEqual(filesUnder(dir), [], 'the placed ones are removed again');
      await rm(blocked, { recursive: true });
      await store.putAll(objects);
      assert.equal(filesUnder(dir).length, objects.length);
      assert.equal(await readFile(path.join(dir, key), 'utf8'), key);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('serves variant keys and nothing else', () => {
    const key = '0b4f6c1e-8d2a-4c3b-9f1e-2a3b4c5d6e7f.jpg';
    for (const width of IMAGE_VARIANTS.widths) {
      for (const format of IMAGE_VARIANTS.formats) {
        assert.match(imageVariantKey(key, width, format), IMAGE_KEY_PATTERN);
      }
    }
    for (const bad of [
      '0b4f6c1e-8d2a-4c3b-9f1e-2a3b4c5d6e7f-w999.webp',
      '0b4f6c1e-8d2a-4c3b-9f1e-2a3b4c5d6e7f-w320.png',
      '0b4f6c1e-8d2a-4c3b-9f1e-2a3b4c5d6e7f.heic',
      '0b4f6c1e-8d2a-4c3b-9f1e-2a3b4c5d6e7f-w320.webp/../x',
    ]) {
      assert.doesNotMatch(bad, IMAGE_KEY_PATTERN);
    }
  });
});

for (const kind of databaseKinds()) {
  describe(`photo uploads through the pipeline (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let api: ApiClient;
    let cookie: string;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me] = await insertMembers(server.database.db, [buildMember()]);
      api = await apiClient(server, me);
      cookie = await sessionCookie(me);
    });
    afterEach(() => server?.close());

    const fetchImage = async (key: string) => {
      const response = await fetch(`${server.baseUrl}/api/images/${key}`, { headers: { cookie } });
      assert.equal(response.status, 200, key);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('cache-control'), 'private, max-age=31536000, immutable');
      return {
        type: response.headers.get('content-type'),
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    };
    const latestPost = async () => postListSchema.parse(await api.get('/api/posts?limit=1'))[0];
    const postCount = async () =>
      (await server.database.db.select({ n: count() }).from(posts))[0].n;

    it('strips GPS, camera and orientation from a phone photo and every variant, upright', async () => {
      const response = await uploadPost(server, cookie, {
        file: { data: photo, name: 'IMG_0001.JPG', type: 'image/jpeg' },
        text: '헬스장 셀카',
      });
      assert.equal(response.status, 201, await response.clone().text());
      const post = await latestPost();
      assert.match(post.imageUrl!, /^[0-9a-f-]{36}\.jpg$/);
      // 4000×3000 stored, shown rotated: 3000×4000, capped at 2560 on the longest side
      assert.equal(post.imageWidth, 1920);
      assert.equal(post.imageHeight, 2560);
      assert.ok(post.imagePlaceholder && Buffer.from(post.imagePlaceholder, 'base64').length > 5);

      const display = await fetchImage(post.imageUrl!);
      assert.equal(display.type, 'image/jpeg');
      assert.ok(display.bytes.length < photo.length);
      await assertNoMetadata(display.bytes, 'display');
      const size = await sharp(display.bytes).metadata();
      assert.deepEqual([size.width, size.height], [1920, 2560]);
      // the red square of the stored top-left corner is now top-right
      const [r, g, b] = await colourAt(display.bytes, 1920 - 150, 50, 100);
      assert.ok(r > 200 && g < 60 && b < 60, `top-right ${[r, g, b]}`);
      const [r2] = await colourAt(display.bytes, 50, 50, 100);
      assert.ok(r2 < 200, 'top-left is not red');

      for (const width of IMAGE_VARIANTS.widths) {
        for (const format of IMAGE_VARIANTS.formats) {
          const key = imageVariantKey(post.imageUrl!, width, format);
          const variant = await fetchImage(key);
          assert.equal(variant.type, format === 'webp' ? 'image/webp' : 'image/jpeg', key);
          await assertNoMetadata(variant.bytes, key);
          const meta = await sharp(variant.bytes).metadata();
          assert.equal(meta.format, format === 'webp' ? 'webp' : 'jpeg');
          assert.equal(meta.width, Math.min(width, 3000), key);
          assert.equal(meta.height, Math.round((meta.width! * 4) / 3), key);
          const [vr, vg] = await colourAt(variant.bytes, meta.width! - 8 - 4, 4, 4);
          assert.ok(vr > 180 && vg < 80, `${key} upright`);
        }
      }
      assert.equal(storedFiles(server).length, FILES_PER_IMAGE);
    });

    it('never upscales: a narrow image keeps its own width in the larger variants', async () => {
      const png = gradientPng(500, 250, [10, 200, 30], [200, 10, 30]);
      const response = await uploadPost(server, cookie, {
        file: { data: png, name: 'a.png' },
        text: '작은 사진',
      });
      assert.equal(response.status, 201);
      const post = await latestPost();
      assert.deepEqual([post.imageWidth, post.imageHeight], [500, 250]);
      for (const width of IMAGE_VARIANTS.widths) {
        for (const format of IMAGE_VARIANTS.formats) {
          const { bytes } = await fetchImage(imageVariantKey(post.imageUrl!, width, format));
          const meta = await sharp(bytes).metadata();
          assert.equal(meta.width, Math.min(width, 500));
          assert.ok(meta.width! <= 500 && meta.height! <= 250);
        }
      }
    });

    it('accepts HEIC and serves it as JPEG and WebP', async () => {
      const heic = await readFile(HEIC_FIXTURE);
      const response = await uploadPost(server, cookie, {
        file: { data: heic, name: 'IMG_0002.HEIC', type: 'image/heic' },
        text: '아이폰 사진',
      });
      assert.equal(response.status, 201, await response.clone().text());
      const post = await latestPost();
      assert.match(post.imageUrl!, /\.jpg$/);
      assert.deepEqual([post.imageWidth, post.imageHeight], [64, 48]);
      const display = await fetchImage(post.imageUrl!);
      assert.equal(display.type, 'image/jpeg');
      await assertNoMetadata(display.bytes, 'heic display');
      const [lr, , lb] = await colourAt(display.bytes, 8, 16, 16);
      const [rr, , rb] = await colourAt(display.bytes, 40, 16, 16);
      assert.ok(lr > 150 && lb < 100 && rb > 150 && rr < 100, `${[lr, lb, rr, rb]}`);
      const webp = await fetchImage(imageVariantKey(post.imageUrl!, 640, 'webp'));
      assert.equal(webp.type, 'image/webp');
      assert.deepEqual(
        await sharp(webp.bytes)
          .metadata()
          .then((m) => [m.format, m.width, m.height]),
        ['webp', 64, 48],
      );
      // The wasm decoder ran on its worker thread: the server's own thread never loaded it.
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) =>
        file.includes('libheif-js'),
      );
      assert.deepEqual(loaded, [], 'libheif-js is loaded on the HEIF worker only');
    });

    it('refuses non-images, damaged images, decompression bombs and 11 MB, keeping nothing', async () => {
      const truncatedJpeg = (await phonePhoto(800, 600)).subarray(0, 20_000);
      const truncatedPng = gradientPng(300, 300, [0, 0, 0], [255, 255, 255]).subarray(0, 200);
      const heic = await readFile(HEIC_FIXTURE);
      const cases: [string, Buffer, number][] = [
        [
          'svg.png',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
          400,
        ],
        [
          'page.png',
          Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
          400,
        ],
        ['bomb.png', pngClaiming(60_000, 60_000), 400],
        ['truncated.jpg', truncatedJpeg, 400],
        ['truncated.png', truncatedPng, 400],
        [
          'garbage.jpg',
          Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]),
          400,
        ],
        ['truncated.heic', heic.subarray(0, 400), 400],
        ['huge.jpg', Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024 - photo.length)]), 413],
      ];
      for (const [name, data, status] of cases) {
        const response = await uploadPost(server, cookie, { file: { data, name }, text: '글' });
        const body = errorBodySchema.parse(await response.json());
        assert.equal(response.status, status, `${name}: ${JSON.stringify(body)}`);
        assert.equal(body.code, String(status));
        if (status === 400) assert.deepEqual(body.data, UNSUPPORTED, name);
        assert.deepEqual(storedFiles(server), [], `${name}: no file left`);
        assert.equal(await postCount(), 0, name);
      }
      // and the server is still fine
      const ok = await uploadPost(server, cookie, {
        file: { data: photo, name: 'ok.jpg' },
        text: '글',
      });
      assert.equal(ok.status, 201);
      assert.equal(displayImages(storedFiles(server)).length, 1);
    });
  });
}
