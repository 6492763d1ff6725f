import type { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { ImageGuard, type UploadType } from './image-type';

/** An upload read into memory: its bytes and the type its first bytes name. */
export interface UploadBytes {
  data: Buffer;
  type: UploadType;
}

/**
 * Reads an upload through an ImageGuard into memory (at most `maxBytes`, the upload limit): rejects
 * with ImageRejectedError as soon as the first bytes name no accepted type or the size is exceeded,
 * or with the stream's own error. Nothing is written anywhere.
 */
export async function readUpload(stream: Readable, maxBytes: number): Promise<UploadBytes> {
  const guard = new ImageGuard(maxBytes);
  const chunks: Buffer[] = [];
  await pipeline(
    stream,
    guard,
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    }),
  );
  return { data: Buffer.concat(chunks), type: guard.type! };
}
