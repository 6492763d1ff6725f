import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

import { IMAGE_VARIANTS, imageVariantKey } from '@/lib/contract/values';
import {
  IMAGE_KEY_PATTERN,
  type ImageObject,
  type ImageObjectStore,
  type ImageStorage,
  type OpenedImage,
  type StoredImage,
} from './image-storage';
import { imageTypeOfExt } from './image-type';
import { processImage } from './image-pipeline';
import { readUpload } from './read-upload';

/** Every key stored for the image under `key`: the key itself and each variant's. */
export function imageObjectKeys(key: string): string[] {
  return [
    key,
    ...IMAGE_VARIANTS.widths.flatMap((width) =>
      IMAGE_VARIANTS.formats.map((format) => imageVariantKey(key, width, format)),
    ),
  ];
}

/**
 * The ImageStorage of the app: uploads go through the image pipeline (processImage), and the
 * display image and its variants are written to `store` as one all-or-nothing batch.
 */
export class ProcessingImageStorage implements ImageStorage {
  constructor(
    readonly store: ImageObjectStore,
    private readonly maxBytes: number,
  ) {}

  async put(stream: Readable): Promise<StoredImage> {
    const upload = await readUpload(stream, this.maxBytes);
    const image = await processImage(upload.data, upload.type);
    const key = `${randomUUID()}.${image.type.ext}`;
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

  open(key: string): Promise<OpenedImage | null> {
    if (!IMAGE_KEY_PATTERN.test(key)) return Promise.resolve(null);
    return this.store.open(key);
  }

  async delete(key: string): Promise<void> {
    if (!IMAGE_KEY_PATTERN.test(key)) return;
    await this.store.deleteAll(imageObjectKeys(key));
  }
}
