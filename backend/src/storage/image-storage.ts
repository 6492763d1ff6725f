import type { Readable } from 'node:stream';

import { IMAGE_VARIANTS } from '@/lib/contract/values';

import { type ImageType, imageTypeOfExt } from './image-type';

/** A stored image: its key (`<uuid>.<ext>`) and what the pipeline made of it. */
export interface StoredImage {
  key: string;
  /** The display image's type (JPEG for a HEIC upload). */
  type: ImageType;
  /** Bytes of the display image. */
  bytes: number;
  /** The display image's size, upright. */
  width: number;
  height: number;
  /** ThumbHash, base64. */
  placeholder: string;
}

/** An image opened for reading. */
export interface OpenedImage {
  stream: Readable;
  contentType: string;
  size: number;
  /** A strong validator; keys are never reused, so the content behind one never changes. */
  etag: string;
}

/** One named object of an upload (the display image or one of its variants). */
export interface ImageObject {
  key: string;
  data: Buffer;
  contentType: string;
}

/**
 * Where image bytes live: a local folder (LocalObjectStore) or an S3-compatible bucket
 * (S3ObjectStore). Knows nothing about images beyond keys and content types.
 */
export interface ImageObjectStore {
  /** What new keys start with: '' or BUCKET_KEY_PREFIX. */
  readonly keyPrefix: string;
  /**
   * Writes every object of one upload, all or nothing: when it rejects, none of them is left
   * (what was written before the failure is removed).
   */
  putAll(objects: readonly ImageObject[]): Promise<void>;
  /** The object under `key`, or null when absent or not an image key (isImageKey). */
  open(key: string): Promise<OpenedImage | null>;
  /** Removes the objects under `keys`; absent ones are no error. */
  deleteAll(keys: readonly string[]): Promise<void>;
  /** Lets go of connections (the S3 client's sockets). */
  close?(): void;
  /** Resolves when the store can be written now (readiness): the folder, the bucket. */
  check?(signal: AbortSignal): Promise<void>;
}

/** Where post images live: the pipeline in front of an ImageObjectStore (ProcessingImageStorage). */
export interface ImageStorage {
  /**
   * Reads an upload, runs it through the image pipeline and stores the display image under a new
   * random key with all its variants. Rejects with ImageRejectedError (not an accepted image,
   * damaged, too many pixels, too large, empty) or the stream's error; nothing is kept when it
   * rejects.
   */
  put(stream: Readable): Promise<StoredImage>;
  /** The image or variant under `key`, or null for an unknown or malformed key. */
  open(key: string): Promise<OpenedImage | null>;
  /** Removes the image under `key` and all its variants (no error when absent). */
  delete(key: string): Promise<void>;
  /** Resolves when images can be stored now (readiness); absent: not checked. */
  check?(signal: AbortSignal): Promise<void>;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The folder of every key in an S3 bucket: `images/<uuid>.<ext>`, as the original backend writes
 * them in production, so that a CDN in front of the bucket serves `/` + `imageUrl` to the original
 * client too. The local folder keeps bare `<uuid>.<ext>` keys, as the original does outside
 * production.
 */
export const BUCKET_KEY_PREFIX = 'images/';

/**
 * `<uuid>.<ext>` (an image) or `<uuid>-w<width>.<format>` (one of its IMAGE_VARIANTS), lower case,
 * optionally under BUCKET_KEY_PREFIX: the only keys the storage ever creates.
 */
export const IMAGE_KEY_PATTERN = new RegExp(
  `^(?:${BUCKET_KEY_PREFIX})?${UUID}(?:\\.(?:png|jpg|gif|webp)|-w(?:${IMAGE_VARIANTS.widths.join('|')})\\.(?:${IMAGE_VARIANTS.formats.join('|')}))$`,
);

/**
 * Keys the original backend wrote that ours never does: the extension in its original case, and
 * `.jpeg`. A bucket or folder shared with the original still serves them (and
 * `npm run images:reprocess` replaces them with processed images under keys of our own).
 */
const LEGACY_IMAGE_KEY_PATTERN = new RegExp(`^(?:${BUCKET_KEY_PREFIX})?${UUID}\\.([A-Za-z]{3,4})$`);
const LEGACY_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif']);

/** Whether `key` names an object the storage may serve: one of ours or one the original wrote. */
export function isImageKey(key: string): boolean {
  if (IMAGE_KEY_PATTERN.test(key)) return true;
  const legacy = LEGACY_IMAGE_KEY_PATTERN.exec(key);
  return legacy !== null && LEGACY_EXTENSIONS.has(legacy[1].toLowerCase());
}

/** The content type of a servable key, by its extension. */
export function contentTypeOfKey(key: string): string | undefined {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return imageTypeOfExt(ext === 'jpeg' ? 'jpg' : ext)?.mime;
}

/**
 * A failure inside image storage or processing that is not the upload's fault (a bad key from
 * code, the HEIF decoder thread dying). Its own class, so that the upload route never mistakes it
 * for a malformed multipart body (a plain Error) and it answers 500.
 */
export class ImageStorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageStorageError';
  }
}
