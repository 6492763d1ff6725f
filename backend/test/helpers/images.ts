import { readdirSync } from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';

import { IMAGE_VARIANTS } from '@/lib/contract/values';

import { gradientPng } from '../../src/seed/png';
import type { TestServer } from './app';

/** Tiny valid images of each accepted type (the JPEG is 4×3, made by sharp). */
export const TINY_IMAGES = {
  png: { data: gradientPng(4, 3, [255, 0, 0], [0, 0, 255]), mime: 'image/png' },
  jpg: {
    data: Buffer.from(
      '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAH/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCgBQD/2Q==',
      'base64',
    ),
    mime: 'image/jpeg',
  },
  gif: {
    data: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
    mime: 'image/gif',
  },
  webp: {
    data: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
    mime: 'image/webp',
  },
} as const;

/**
 * A Blob of `bytes`. Blob takes only ArrayBuffer-backed views, and a `Buffer` (sharp's output, for
 * one) is typed as possibly backed by a SharedArrayBuffer, so the bytes are copied into one that is not.
 */
export function blobOf(bytes: Uint8Array, type?: string): Blob {
  return new Blob([Uint8Array.from(bytes)], type === undefined ? undefined : { type });
}

export interface UploadParts {
  file?: { data: Uint8Array; name: string; type?: string };
  text?: string;
}

/** `POST /api/post` as multipart form data (the `text` part after the file unless `textFirst`). */
export async function uploadPost(
  server: TestServer,
  cookie: string,
  parts: UploadParts,
  textFirst = false,
): Promise<Response> {
  const form = new FormData();
  if (textFirst && parts.text !== undefined) form.append('text', parts.text);
  if (parts.file) {
    form.append(
      'file',
      blobOf(parts.file.data, parts.file.type ?? 'application/octet-stream'),
      parts.file.name,
    );
  }
  if (!textFirst && parts.text !== undefined) form.append('text', parts.text);
  return fetch(`${server.baseUrl}/api/post`, { method: 'POST', headers: { cookie }, body: form });
}

export function imagesDir(server: TestServer): string {
  return path.join(server.config.dataDir, 'images');
}

/** Every file under `dir` (also half-written uploads in `.incoming/`), relative to it. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

/** Every file under the server's images folder, relative. */
export function storedFiles(server: TestServer): string[] {
  return filesUnder(imagesDir(server));
}

/** Files stored per image: the display image and every IMAGE_VARIANTS width × format. */
export const FILES_PER_IMAGE = 1 + IMAGE_VARIANTS.widths.length * IMAGE_VARIANTS.formats.length;

/** The display images among `files` (`<uuid>.<ext>`, not the `-w<width>` variants). */
export function displayImages(files: string[]): string[] {
  return files.filter((name) => !/-w\d+\./.test(name));
}

/**
 * A phone photo: `width`×`height` JPEG of noise with a red square in its stored top-left corner,
 * carrying what a phone writes: GPS position, camera make and model, and the EXIF orientation 6
 * (shown rotated 90° clockwise, so the red square belongs in the top-right corner).
 */
export async function phonePhoto(width: number, height: number): Promise<Buffer> {
  const red = await sharp({
    create: { width: 400, height: 400, channels: 3, background: { r: 255, g: 0, b: 0 } },
  })
    .png()
    .toBuffer();
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 110, sigma: 30 },
    },
  })
    .composite([{ input: red, left: 0, top: 0 }])
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15', Software: '17.4' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 33/1 59/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '126/1 58/1 41/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}
