import type { Readable } from 'node:stream';

import { IMAGE_VARIANTS } from '@/lib/contract/values';
import type { ImageType } from './image-type';

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
 * Where image bytes live: a local folder (LocalObjectStore) or, later, an S3-compatible bucket.
 * Knows nothing about images beyond keys and content types.
 */
export interface ImageObjectStore {
  /**
   * Writes every object of one upload, all or nothing: when it rejects, none of them is left
   * (what was written before the failure is removed).
   */
  putAll(objects: readonly ImageObject[]): Promise<void>;
  /** The object under `key` (already checked against IMAGE_KEY_PATTERN), or null. */
  open(key: string): Promise<OpenedImage | null>;
  /** Removes the objects under `keys`; absent ones are no error. */
  deleteAll(keys: readonly string[]): Promise<void>;
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
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * `<uuid>.<ext>` (an image) or `<uuid>-w<width>.<format>` (one of its IMAGE_VARIANTS), lower case:
 * the only keys the storage ever creates or serves.
 */
export const IMAGE_KEY_PATTERN = new RegExp(
  `^${UUID}(?:\\.(?:png|jpg|gif|webp)|-w(?:${IMAGE_VARIANTS.widths.join('|')})\\.(?:${IMAGE_VARIANTS.formats.join('|')}))$`,
);

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
