import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';

import pLimit, { type LimitFunction } from 'p-limit';

import { IMAGE_VARIANT_SPECS, imageVariantKey } from '@/lib/contract/values';

import { processImage } from './image-pipeline';
import {
  type ImageObject,
  type ImageObjectStore,
  type ImageStorage,
  isImageKey,
  type OpenedImage,
  type StoredImage,
} from './image-storage';
import { ImageRejectedError, imageTypeOfExt } from './image-type';
import { readUpload } from './read-upload';

/** Every key stored for the image under `key`: the key itself and each variant's. */
export function imageObjectKeys(key: string): string[] {
  return [
    key,
    ...IMAGE_VARIANT_SPECS.map(({ width, format }) => imageVariantKey(key, width, format)),
  ];
}

/**
 * The ImageStorage of the app: uploads go through the image pipeline (processImage), and the
 * display image and its variants are written to `store` as one all-or-nothing batch.
 *
 * At most `concurrency` uploads are decoded at once (one per core by default); the others wait
 * their turn. A decoded 12 MP photo holds about 50 MB of pixels, so without the bound a burst of
 * uploads would take memory without limit, and sharp would only share the same cores anyway.
 */
export class ProcessingImageStorage implements ImageStorage {
  private readonly processing: LimitFunction;
  /** Told how long each upload's pipeline took (waiting for a core excluded), and how it ended. */
  onProcessed?: (seconds: number, outcome: 'ok' | 'rejected' | 'error') => void;

  constructor(
    readonly store: ImageObjectStore,
    private readonly maxBytes: number,
    concurrency: number = Math.max(1, availableParallelism()),
  ) {
    this.processing = pLimit(concurrency);
  }

  /** Uploads being processed now, and those waiting for their turn. */
  get processingQueue(): { active: number; waiting: number } {
    return { active: this.processing.activeCount, waiting: this.processing.pendingCount };
  }

  async put(stream: Readable): Promise<StoredImage> {
    const upload = await readUpload(stream, this.maxBytes);
    const image = await this.processing(() => this.timed(upload.data, upload.type));
    const key = `${this.store.keyPrefix}${randomUUID()}.${image.type.ext}`;
    const objects: ImageObject[] = [
      { key, data: image.display, contentType: image.type.mime },
      ...image.variants.map((variant) => ({
        key: imageVariantKey(key, variant.width, variant.format),
        data: variant.data,
        contentType: imageTypeOfExt(variant.format)!.mime,
      })),
    ];
    await this.store.putAll(objects);
    return {
      key,
      type: image.type,
      bytes: image.display.length,
      width: image.width,
      height: image.height,
      placeholder: image.placeholder,
    };
  }

  private async timed(...args: Parameters<typeof processImage>) {
    const observe = this.onProcessed;
    if (!observe) return processImage(...args);
    const started = performance.now();
    try {
      const image = await processImage(...args);
      observe((performance.now() - started) / 1000, 'ok');
      return image;
    } catch (error) {
      observe(
        (performance.now() - started) / 1000,
        error instanceof ImageRejectedError ? 'rejected' : 'error',
      );
      throw error;
    }
  }

  check(signal: AbortSignal): Promise<void> {
    return this.store.check ? this.store.check(signal) : Promise.resolve();
  }

  open(key: string): Promise<OpenedImage | null> {
    if (!isImageKey(key)) return Promise.resolve(null);
    return this.store.open(key);
  }

  close(): void {
    this.store.close?.();
  }

  async delete(key: string): Promise<void> {
    if (!isImageKey(key)) return;
    await this.store.deleteAll(imageObjectKeys(key));
  }
}
