import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import {
  contentTypeOfKey,
  IMAGE_KEY_PATTERN,
  type ImageObject,
  type ImageObjectStore,
  ImageStorageError,
  isImageKey,
  type OpenedImage,
} from './image-storage';
import { ProcessingImageStorage } from './processing-image-storage';

/**
 * Image objects as files in one folder (`DATA_DIR/images`). Each object of an upload is written to
 * `.incoming/` first and renamed into place once all are written, the first (the display image,
 * the one a post names) last; on any failure every file of the batch is removed, so a refused or
 * interrupted upload leaves nothing behind.
 */
export class LocalObjectStore implements ImageObjectStore {
  readonly keyPrefix = '';
  private readonly incoming: string;
  private ready: Promise<unknown> | null = null;

  constructor(readonly dir: string) {
    this.incoming = path.join(dir, '.incoming');
  }

  private ensureDirs(): Promise<unknown> {
    this.ready ??= mkdir(this.incoming, { recursive: true });
    return this.ready;
  }

  async putAll(objects: readonly ImageObject[]): Promise<void> {
    if (!objects.every((object) => IMAGE_KEY_PATTERN.test(object.key))) {
      throw new ImageStorageError('invalid image key');
    }
    await this.ensureDirs();
    const temps = objects.map(() => path.join(this.incoming, `${randomUUID()}.part`));
    const placed: string[] = [];
    try {
      const written = await Promise.allSettled(
        objects.map((object, i) => writeFile(temps[i], object.data, { flag: 'wx' })),
      );
      const failed = written.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      for (const i of [...objects.keys()].reverse()) {
        const target = path.join(this.dir, objects[i].key);
        await rename(temps[i], target);
        placed.push(target);
      }
    } catch (error) {
      await Promise.all([...temps, ...placed].map((file) => rm(file, { force: true })));
      throw error;
    }
  }

  /** The folder and its `.incoming/` exist (made if missing) and this process may write both. */
  async check(): Promise<void> {
    await mkdir(this.incoming, { recursive: true });
    await Promise.all(
      [this.dir, this.incoming].map((dir) => access(dir, constants.W_OK | constants.X_OK)),
    );
  }

  async open(key: string): Promise<OpenedImage | null> {
    const contentType = isImageKey(key) ? contentTypeOfKey(key) : undefined;
    if (!contentType) return null;
    const file = path.join(this.dir, key);
    let size: number;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      size = info.size;
    } catch {
      return null;
    }
    return { stream: createReadStream(file), contentType, size, etag: `"${key}"` };
  }

  async deleteAll(keys: readonly string[]): Promise<void> {
    const valid = keys.filter(isImageKey);
    await Promise.all(valid.map((key) => rm(path.join(this.dir, key), { force: true })));
  }
}

/** The default image storage: the pipeline in front of a local folder. */
export class LocalImageStorage extends ProcessingImageStorage {
  constructor(
    readonly dir: string,
    maxBytes: number,
  ) {
    super(new LocalObjectStore(dir), maxBytes);
  }
}
