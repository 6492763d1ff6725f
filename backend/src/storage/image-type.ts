import { Transform, type TransformCallback } from 'node:stream';

/** A type an image is stored and served as (the display image's, named by its key's extension). */
export interface ImageType {
  ext: 'png' | 'jpg' | 'gif' | 'webp';
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
}

/** HEIC/HEIF: accepted on upload, never stored as such (the pipeline writes JPEG). */
export interface HeifType {
  ext: 'heic';
  mime: 'image/heic';
}

/** A type an upload may come in. */
export type UploadType = ImageType | HeifType;

export const HEIF_TYPE: HeifType = { ext: 'heic', mime: 'image/heic' };

/**
 * ISO-BMFF major brands of HEIF stills and sequences (ISO/IEC 23008-12): HEVC-coded (`heic`…)
 * and generic (`mif1`, `msf1`, which may also hold AV1, which sharp decodes itself).
 */
const HEIF_BRANDS = new Set([
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'hevm',
  'hevs',
  'mif1',
  'msf1',
]);

export const IMAGE_TYPES: readonly ImageType[] = [
  { ext: 'png', mime: 'image/png' },
  { ext: 'jpg', mime: 'image/jpeg' },
  { ext: 'gif', mime: 'image/gif' },
  { ext: 'webp', mime: 'image/webp' },
];

const byExt = new Map(IMAGE_TYPES.map((type) => [type.ext, type]));

/** Bytes needed to tell the accepted types apart. */
export const SNIFF_BYTES = 12;

function startsWith(head: Buffer, bytes: number[], offset = 0): boolean {
  return bytes.every((byte, i) => head[offset + i] === byte);
}

/** The image type named by the file's first bytes, or null when it is none of the accepted ones. */
export function detectImageType(head: Buffer): UploadType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return byExt.get('png')!;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return byExt.get('jpg')!;
  if (
    head
      .subarray(0, 6)
      .toString('latin1')
      .match(/^GIF8[79]a$/)
  )
    return byExt.get('gif')!;
  if (
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return byExt.get('webp')!;
  }
  // `....ftyp<brand>`: the first box of an ISO-BMFF file.
  if (
    head.subarray(4, 8).toString('latin1') === 'ftyp' &&
    HEIF_BRANDS.has(head.subarray(8, 12).toString('latin1'))
  ) {
    return HEIF_TYPE;
  }
  return null;
}

/** The type of a stored key's extension. */
export function imageTypeOfExt(ext: string): ImageType | undefined {
  return byExt.get(ext as ImageType['ext']);
}

/**
 * Why an upload was refused: not an accepted type by its first bytes (`type`), one that cannot be
 * decoded (`corrupt`: truncated, damaged, or not what its first bytes claim), more pixels than
 * IMAGE_VARIANTS.maxInputPixels (`pixels`: a decompression bomb), over the byte limit (`size`), or
 * no bytes at all (`empty`).
 */
export class ImageRejectedError extends Error {
  constructor(readonly reason: 'type' | 'corrupt' | 'pixels' | 'size' | 'empty') {
    super(`image rejected: ${reason}`);
    this.name = 'ImageRejectedError';
  }
}

/**
 * Passes an upload through while deciding its type from the first bytes and counting its size:
 * fails with ImageRejectedError as soon as the content is not an accepted image or exceeds
 * `maxBytes`. `type` is set once known (before any byte is passed on).
 */
export class ImageGuard extends Transform {
  type: UploadType | null = null;
  bytes = 0;
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(new ImageRejectedError('size'));
    if (this.type) return callback(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return callback();
    this.decide(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.type) return callback();
    if (this.headLength === 0) return callback(new ImageRejectedError('empty'));
    this.decide(callback);
  }

  private decide(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.type = detectImageType(head);
    if (!this.type) return callback(new ImageRejectedError('type'));
    callback(null, head);
  }
}
