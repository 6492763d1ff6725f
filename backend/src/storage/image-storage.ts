import type { Readable } from 'node:stream';

import type { ImageType } from './image-type';

/** A stored image: its key (`<uuid>.<ext>`) and what was decided about it. */
export interface StoredImage {
  key: string;
  type: ImageType;
  bytes: number;
}

/** An image opened for reading. */
export interface OpenedImage {
  stream: Readable;
  contentType: string;
  size: number;
  /** A strong validator; keys are never reused, so the content behind one never changes. */
  etag: string;
}

/** Where post images live. The local-folder implementation is `LocalImageStorage`. */
export interface ImageStorage {
  /**
   * Streams an upload into storage under a new random key. Rejects with ImageRejectedError (not an
   * accepted image, too large, empty) or the stream's error; nothing is kept when it rejects.
   */
  put(stream: Readable): Promise<StoredImage>;
  /** The image under `key`, or null for an unknown or malformed key. */
  open(key: string): Promise<OpenedImage | null>;
  /** Removes the image under `key` (no error when it is absent). */
  delete(key: string): Promise<void>;
}

/** `<uuid>.<ext>`, lower case: the only keys the storage ever creates or serves. */
export const IMAGE_KEY_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;
