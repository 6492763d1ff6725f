import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import {
  IMAGE_KEY_PATTERN,
  type ImageStorage,
  type OpenedImage,
  type StoredImage,
} from './image-storage';
import { ImageGuard, imageTypeOfExt } from './image-type';

/**
 * Images as files in one folder (`DATA_DIR/images`). An upload is written to `.incoming/` and
 * renamed to `<uuid>.<ext>` once complete and accepted, so a refused or interrupted upload leaves
 * nothing behind.
 */
export class LocalImageStorage implements ImageStorage {
  private readonly incoming: string;
  private ready: Promise<unknown> | null = null;

  constructor(
    readonly dir: string,
    private readonly maxBytes: number,
  ) {
    this.incoming = path.join(dir, '.incoming');
  }

  private ensureDirs(): Promise<unknown> {
    this.ready ??= mkdir(this.incoming, { recursive: true });
    return this.ready;
  }

  async put(stream: Readable): Promise<StoredImage> {
    await this.ensureDirs();
    const id = randomUUID();
    const temp = path.join(this.incoming, `${id}.part`);
    const guard = new ImageGuard(this.maxBytes);
    const file = createWriteStream(temp, { flags: 'wx' });
    // pipeline() can settle before the file stream has even opened its file (a source that is
    // already errored, e.g. a multipart body busboy gave up on); removing the file before the
    // stream closes would let the pending open create it again afterwards.
    const fileClosed = new Promise<void>((resolve) => file.once('close', () => resolve()));
    try {
      await pipeline(stream, guard, file);
      const key = `${id}.${guard.type!.ext}`;
      await rename(temp, path.join(this.dir, key));
      return { key, type: guard.type!, bytes: guard.bytes };
    } catch (error) {
      file.destroy();
      await fileClosed;
      await rm(temp, { force: true });
      throw error;
    }
  }

  async open(key: string): Promise<OpenedImage | null> {
    if (!IMAGE_KEY_PATTERN.test(key)) return null;
    const type = imageTypeOfExt(key.slice(key.lastIndexOf('.') + 1))!;
    const file = path.join(this.dir, key);
    let size: number;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      size = info.size;
    } catch {
      return null;
    }
    return {
      stream: createReadStream(file),
      contentType: type.mime,
      size,
      etag: `"${key.slice(0, key.indexOf('.'))}"`,
    };
  }

  async delete(key: string): Promise<void> {
    if (!IMAGE_KEY_PATTERN.test(key)) return;
    await rm(path.join(this.dir, key), { force: true });
  }
}
