import { parentPort } from 'node:worker_threads';

import { decodeHeifOnThisThread } from './heif-decode';
import { ImageRejectedError } from './image-type';

/** A decode request from heif-decoder.ts. */
export interface HeifRequest {
  id: number;
  data: Uint8Array;
  maxPixels: number;
}

/** Its answer: the pixels (their buffer transferred), or why the image was refused. */
export type HeifReply =
  | { id: number; ok: true; data: Uint8Array; width: number; height: number; hasAlpha: boolean }
  | { id: number; ok: false; reason: ImageRejectedError['reason'] };

/**
 * The worker thread that decodes HEIC/HEIF (libheif-js, wasm), so that a 12 MP photo's second of
 * decoding does not stop the server's event loop. One request at a time, in order.
 */
parentPort?.on('message', async ({ id, data, maxPixels }: HeifRequest) => {
  let reply: HeifReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const pixels = await decodeHeifOnThisThread(
      Buffer.from(data.buffer, data.byteOffset, data.byteLength),
      maxPixels,
    );
    const view = pixels.data;
    reply = {
      id,
      ok: true,
      data: view,
      width: pixels.width,
      height: pixels.height,
      hasAlpha: pixels.hasAlpha,
    };
    // Hand the pixels over without a copy when they fill their buffer (they do: one allocation).
    if (view.byteOffset === 0 && view.byteLength === view.buffer.byteLength) {
      transfer.push(view.buffer as ArrayBuffer);
    }
  } catch (error) {
    reply = {
      id,
      ok: false,
      reason: error instanceof ImageRejectedError ? error.reason : 'corrupt',
    };
  }
  parentPort?.postMessage(reply, transfer);
});
