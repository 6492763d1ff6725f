import { Worker } from 'node:worker_threads';

import type { RgbaPixels } from './heif-decode';
import type { HeifReply, HeifRequest } from './heif-worker';
import { ImageStorageError } from './image-storage';
import { ImageRejectedError } from './image-type';

export type { RgbaPixels } from './heif-decode';

interface Pending {
  resolve: (pixels: RgbaPixels) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/** True when this module runs from its TypeScript source (under tsx: tests, `npm run dev`). */
const fromSource = import.meta.url.endsWith('.ts');

/**
 * The worker thread on the file beside this module: `heif-worker.js` in the bundle (backend/dist,
 * built as its own entry), or `heif-worker.ts` from the sources, where the worker registers tsx
 * itself first (tsx's loader does not reach worker threads on its own).
 */
function startWorker(): Worker {
  if (!fromSource) return new Worker(new URL('./heif-worker.js', import.meta.url));
  const source = new URL('./heif-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { eval: true },
  );
}

function failAll(error: Error): void {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
  worker = null;
}

/** The decoding thread, started on first use; it does not keep the process alive when idle. */
function decoder(): Worker {
  if (worker) return worker;
  const started = startWorker();
  started.unref();
  started.on('message', (reply: HeifReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) started.unref();
    if (!reply.ok) {
      waiting.reject(new ImageRejectedError(reply.reason));
      return;
    }
    const data = Buffer.from(reply.data.buffer, reply.data.byteOffset, reply.data.byteLength);
    waiting.resolve({ data, width: reply.width, height: reply.height, hasAlpha: reply.hasAlpha });
  });
  started.on('error', (error) =>
    failAll(new ImageStorageError('HEIF decoder failed', { cause: error })),
  );
  started.on('exit', (code) => {
    if (worker === started) failAll(new ImageStorageError(`HEIF decoder exited (${code})`));
  });
  worker = started;
  return started;
}

/**
 * Decodes the primary image of a HEIC/HEIF file (see decodeHeifOnThisThread) on a worker thread,
 * so the event loop keeps serving while it runs. Refuses with ImageRejectedError as that does.
 */
export function decodeHeif(data: Buffer, maxPixels: number): Promise<RgbaPixels> {
  const thread = decoder();
  const id = nextId++;
  return new Promise<RgbaPixels>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // Kept alive while a decode is under way, so a waiting upload is not cut off by an idle exit.
    thread.ref();
    const request: HeifRequest = { id, data, maxPixels };
    thread.postMessage(request);
  });
}
