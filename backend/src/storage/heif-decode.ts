import { createRequire } from 'node:module';

import { ImageRejectedError } from './image-type';

/** The part of libheif-js (an Emscripten/wasm build of libheif) this module uses. */
interface HeifImage {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  has_alpha_channel(): boolean;
  display(
    target: { data: Uint8ClampedArray; width: number; height: number },
    done: (result: { data: Uint8ClampedArray } | null) => void,
  ): void;
  free(): void;
}
interface HeifDecoder {
  decode(data: Buffer): HeifImage[];
  /** The libheif context of the last decode; freed only by the next decode on the same decoder. */
  decoder: unknown;
}
interface Libheif {
  HeifDecoder: new () => HeifDecoder;
  heif_context_free(context: unknown): void;
}

let libheif: Libheif | null = null;

/** libheif-js, loaded on first use (the wasm bundle takes ~100 ms to instantiate). */
function loadLibheif(): Libheif {
  libheif ??= createRequire(import.meta.url)('libheif-js/wasm-bundle') as Libheif;
  return libheif;
}

/** Decoded pixels: 8-bit RGBA, `width`×`height`, upright (HEIF's own rotation/mirror applied). */
export interface RgbaPixels {
  data: Buffer;
  width: number;
  height: number;
  /** Whether the image has an alpha channel (otherwise every alpha byte is 255). */
  hasAlpha: boolean;
}

/**
 * Decodes the primary image of a HEIC/HEIF file with libheif-js, for sharp builds without an HEVC
 * decoder (the prebuilt binaries carry AV1 only, for patent reasons). Refuses more than
 * `maxPixels` before decoding (`pixels`) and anything libheif cannot read (`corrupt`).
 *
 * The wasm decoder runs on the calling thread (about 1.2 s for a 12 MP photo): the server calls
 * it through heif-decoder.ts, which runs it on a worker thread (heif-worker.ts).
 */
export async function decodeHeifOnThisThread(data: Buffer, maxPixels: number): Promise<RgbaPixels> {
  const lib = loadLibheif();
  const decoder = new lib.HeifDecoder();
  let images: HeifImage[] = [];
  try {
    try {
      images = decoder.decode(data);
    } catch {
      throw new ImageRejectedError('corrupt');
    }
    const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
    if (!image) throw new ImageRejectedError('corrupt');
    const width = image.get_width();
    const height = image.get_height();
    if (!(width > 0 && height > 0)) throw new ImageRejectedError('corrupt');
    if (width * height > maxPixels) throw new ImageRejectedError('pixels');
    const pixels = await new Promise<Uint8ClampedArray>((resolve, reject) => {
      image.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (result) =>
        result ? resolve(result.data) : reject(new ImageRejectedError('corrupt')),
      );
    });
    const hasAlpha = image.has_alpha_channel();
    const rgba = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
    return { data: rgba, width, height, hasAlpha };
  } finally {
    for (const image of images) image.free();
    // The context holds a copy of the file; without this each decode would keep it in the wasm
    // heap for good (libheif-js frees it only on the decoder's next decode).
    if (decoder.decoder) lib.heif_context_free(decoder.decoder);
  }
}
