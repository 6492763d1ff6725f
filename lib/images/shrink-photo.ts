import { IMAGE_VARIANTS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';

/**
 * Photos shrunk in the browser to fit a host's request body limit (Vercel refuses bodies over
 * 4.5 MB, the backend takes photos up to 10 MB). Only on a deployment that sets
 * `UPLOAD_BODY_LIMIT_BYTES`; the server's pipeline (orientation, metadata, variants) runs on what
 * arrives either way. A photo that already fits is sent as chosen: recompressing it would only
 * lose quality.
 */

/**
 * Room kept for what the request carries besides the photos' bytes: the multipart boundaries and
 * part headers (about 150 bytes a part, plus the file name). The text fields are counted on top.
 */
export const MULTIPART_RESERVE_BYTES = 16 * 1024;

/**
 * The longest side a shrunk photo keeps: the server never stores more (its display image), so
 * nothing it keeps is lost by stopping here.
 */
export const LONG_EDGE_CAP = IMAGE_VARIANTS.displayMaxSide;

/** JPEG qualities tried at each size, best first. */
export const JPEG_QUALITIES = [0.9, 0.8, 0.7, 0.6] as const;

/** Each smaller size's long edge, relative to the one before, once no quality fits. */
export const EDGE_STEP = 0.75;

/** Below this long edge the photo is not worth posting: give up instead. */
export const MIN_LONG_EDGE = 640;

/**
 * An encode this many times over the target skips the lower qualities of its size: they save
 * about half at best, so the next size is tried at once (each encode takes a moment on a phone).
 */
export const FAR_OFF_FACTOR = 2;

/** Types this module redraws (when the browser decodes them: HEIC only Safari). GIF is not: it
 * may be animated, and a JPEG of its first frame would silently lose the animation. */
const REDRAWN_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
]);
const REDRAWN_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif']);

/** A photo that cannot be made to fit: the message says why, in Korean, for the member. */
export class PhotoTooLargeError extends Error {
  constructor(
    readonly file: File,
    message: string,
  ) {
    super(message);
    this.name = 'PhotoTooLargeError';
  }
}

export interface UploadBudget {
  /** The largest request body the host takes (UPLOAD_BODY_LIMIT_BYTES). */
  bodyLimitBytes: number;
  /** The request's text fields (a post's text): their bytes are kept out of the photos' share. */
  fields?: readonly string[];
}

/** UTF-8 bytes of a string (a Blob counts them; TextEncoder is missing from some test DOMs). */
function utf8Bytes(text: string): number {
  return new Blob([text]).size;
}

/** The bytes the photos may take together: the limit less the multipart reserve and the fields. */
export function photoBytesAvailable(budget: UploadBudget): number {
  const fields = (budget.fields ?? []).reduce((sum, field) => sum + utf8Bytes(field), 0);
  return Math.max(0, budget.bodyLimitBytes - MULTIPART_RESERVE_BYTES - fields);
}

/**
 * Each photo's share of `available` bytes, fairly: photos smaller than an equal share keep their
 * size and leave the rest to the larger ones, which split what remains equally. A photo whose
 * share is its own size is sent as it is.
 */
export function photoShares(sizes: readonly number[], available: number): number[] {
  const shares = new Array<number>(sizes.length);
  const order = sizes.map((_, index) => index).sort((a, b) => sizes[a] - sizes[b]);
  let remaining = available;
  let left = sizes.length;
  for (const index of order) {
    const equal = Math.floor(remaining / left);
    const share = Math.min(sizes[index], equal);
    shares[index] = share;
    remaining -= share;
    left -= 1;
  }
  return shares;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** True when the photo is of a type this module redraws (some browsers send HEIC with no type). */
function isRedrawn(file: File): boolean {
  return file.type ? REDRAWN_TYPES.has(file.type) : REDRAWN_EXTENSIONS.has(extensionOf(file.name));
}

/** `IMG_0001.HEIC` → `IMG_0001.jpg`: the name says what the bytes now are. */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot <= 0 ? name || 'photo' : name.slice(0, dot)}.jpg`;
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

interface Surface {
  context: Context2D;
  toJpeg(quality: number): Promise<Blob>;
}

/** A canvas of the size: OffscreenCanvas where there is one, else a detached `<canvas>`. */
function createSurface(width: number, height: number): Surface | null {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    return {
      context,
      toJpeg: (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }),
    };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  return {
    context,
    toJpeg: (quality) =>
      new Promise((resolve, reject) =>
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob gave no blob'))),
          'image/jpeg',
          quality,
        ),
      ),
  };
}

/** The bitmap drawn with its long edge at `edge` px, on white (a PNG's transparency). */
function draw(bitmap: ImageBitmap, edge: number): Surface | null {
  const scale = edge / Math.max(bitmap.width, bitmap.height);
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const surface = createSurface(width, height);
  if (!surface) return null;
  const { context } = surface;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return surface;
}

/**
 * The photo as a JPEG of at most `targetBytes`: decoded upright (the EXIF orientation applied to
 * the pixels, which the JPEG then carries without EXIF), its long edge capped at LONG_EDGE_CAP,
 * then encoded at falling qualities and, when none fits, at smaller sizes.
 */
async function shrinkPhoto(file: File, targetBytes: number): Promise<File> {
  const tooLarge = () =>
    new PhotoTooLargeError(
      file,
      messages.photoShrink.tooLarge(messages.upload.fileSize(targetBytes)),
    );
  if (!isRedrawn(file)) throw tooLarge();
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw tooLarge();
  }
  try {
    let edge = Math.min(LONG_EDGE_CAP, Math.max(bitmap.width, bitmap.height));
    for (;;) {
      const surface = draw(bitmap, edge);
      if (!surface) break;
      for (const quality of JPEG_QUALITIES) {
        const blob = await surface.toJpeg(quality);
        if (blob.size <= targetBytes) {
          return new File([blob], jpegName(file.name), {
            type: 'image/jpeg',
            lastModified: file.lastModified,
          });
        }
        if (blob.size > targetBytes * FAR_OFF_FACTOR) break;
      }
      const next = Math.round(edge * EDGE_STEP);
      if (next < MIN_LONG_EDGE) break;
      edge = next;
    }
  } finally {
    bitmap.close();
  }
  throw new PhotoTooLargeError(file, messages.photoShrink.failed);
}

/**
 * The photos to send so that the request fits `budget`: each one over its share of the bytes
 * (photoShares) is shrunk to a JPEG within it, the others are the chosen files themselves. Throws
 * PhotoTooLargeError, before anything is sent, for a photo that cannot be made to fit.
 */
export async function shrinkPhotos(files: readonly File[], budget: UploadBudget): Promise<File[]> {
  const shares = photoShares(
    files.map((file) => file.size),
    photoBytesAvailable(budget),
  );
  const out: File[] = [];
  // One at a time: a 12 MP bitmap holds 48 MB, and a phone has little to spare.
  for (const [index, file] of files.entries()) {
    out.push(file.size <= shares[index] ? file : await shrinkPhoto(file, shares[index]));
  }
  return out;
}

/**
 * The photo an upload form sends: on a host with a request body limit (`bodyLimitBytes`, the
 * runtime config's `uploadBodyLimitBytes`) the photo shrunk to fit beside `fields`, else the
 * chosen file as it is. Throws PhotoTooLargeError as shrinkPhotos does.
 */
export async function photoForUpload(
  file: File,
  bodyLimitBytes: number | null,
  fields: readonly string[] = [],
): Promise<File> {
  if (bodyLimitBytes === null) return file;
  const [photo] = await shrinkPhotos([file], { bodyLimitBytes, fields });
  return photo;
}
