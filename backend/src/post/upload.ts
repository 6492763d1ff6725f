import { Readable } from 'node:stream';

import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

import type { UploadAllowance } from '../http/upload-quota';
import type { ImageStorage, StoredImage } from '../storage/image-storage';
import { ImageRejectedError } from '../storage/image-type';

/** What `POST /api/post` received: the stored image (if a `file` part came) and the `text` part. */
export interface ReceivedPost {
  image: StoredImage | null;
  /** null when there was no `text` part. */
  text: string | null;
  textTooLong: boolean;
}

/**
 * The file's bytes as they arrive, each chunk counted against the member's daily upload quota
 * before it is passed on: past the quota the stream fails (UploadQuotaExceededError), as it does
 * past the size limit, and the storage keeps nothing.
 */
function counted(file: Readable, allowance: UploadAllowance): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of file as AsyncIterable<Buffer>) {
        await allowance.take(chunk.length);
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

/**
 * Streams the image of a multipart body (`POST /api/post`, `POST /api/member/me/picture`) (parsed by @fastify/multipart) into
 * `storage`, counted by `allowance` when there is a quota. busboy stops the file at the size
 * limit; the stream is then failed so the storage drops the half-written file instead of keeping
 * a truncated image.
 */
export async function storeImage(
  part: MultipartFile,
  storage: ImageStorage,
  allowance: UploadAllowance | null,
): Promise<StoredImage> {
  part.file.once('limit', () => part.file.destroy(new ImageRejectedError('size')));
  const image = await storage.put(allowance ? counted(part.file, allowance) : part.file);
  if (part.file.truncated) {
    await storage.delete(image.key);
    throw new ImageRejectedError('size');
  }
  return image;
}

/**
 * Reads a multipart `POST /api/post` body in order, whichever of `file` and `text` comes first:
 * the first `file` part goes straight into `storage` (checked there by content and size), the
 * first `text` part is kept, anything else is drained. The first failure (a refused image, a
 * malformed body, an interrupted upload) stops reading; the stored image is removed and the rest
 * of the body drained before the error is rethrown.
 */
export async function receivePost(
  request: FastifyRequest,
  storage: ImageStorage,
  allowance: UploadAllowance | null = null,
): Promise<ReceivedPost> {
  const received: ReceivedPost = { image: null, text: null, textTooLong: false };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !received.image) {
          received.image = await storeImage(part, storage, allowance);
        } else {
          part.file.resume();
        }
      } else if (part.fieldname === 'text' && received.text === null && !received.textTooLong) {
        received.textTooLong = part.valueTruncated;
        received.text = part.valueTruncated || typeof part.value !== 'string' ? '' : part.value;
      }
    }
    return received;
  } catch (error) {
    if (received.image) await storage.delete(received.image.key);
    if (!request.raw.destroyed) request.raw.resume(); // so the answer reaches the client
    throw error;
  }
}
