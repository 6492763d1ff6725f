import sharp, { type Metadata, type OutputInfo, type Sharp, type SharpOptions } from 'sharp';

import {
  IMAGE_VARIANT_SPECS,
  IMAGE_VARIANTS,
  type ImageVariantFormat,
  type ImageVariantWidth,
} from '@/lib/contract/values';

import { decodeHeif } from './heif-decoder';
import { ImageRejectedError, type ImageType, imageTypeOfExt, type UploadType } from './image-type';
import { thumbHashOf } from './placeholder';

/** The longest side of the display image (what `GET /api/images/{key}` serves for the key). */
export const DISPLAY_MAX_SIDE = IMAGE_VARIANTS.displayMaxSide;

/** One display variant: IMAGE_VARIANTS width and format, and its bytes. */
export interface ProcessedVariant {
  width: ImageVariantWidth;
  format: ImageVariantFormat;
  data: Buffer;
}

/** What the pipeline made of an upload: metadata-free, upright, sRGB images. */
export interface ProcessedImage {
  /** The display image's type (the key's extension): JPEG for JPEG and HEIC uploads. */
  type: ImageType;
  display: Buffer;
  /** The display image's size, upright. */
  width: number;
  height: number;
  /** ThumbHash of the image, base64. */
  placeholder: string;
  variants: ProcessedVariant[];
}

/** sharp's name of each type's format, as `metadata().format` reports it. */
const SHARP_FORMAT: Record<UploadType['ext'], string> = {
  png: 'png',
  jpg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  heic: 'heif',
};

const QUALITY = { jpg: 80, webp: 75 } as const;

/**
 * Encodes to `format`. sharp writes no metadata unless asked (no EXIF, GPS, XMP, IPTC, comments or
 * ICC profile; pixels were converted to sRGB), so nothing of the upload's metadata survives.
 */
function encode(image: Sharp, format: ImageType['ext'], hasAlpha: boolean): Sharp {
  switch (format) {
    case 'jpg':
      return (hasAlpha ? image.flatten({ background: '#ffffff' }) : image).jpeg({
        quality: QUALITY.jpg,
        progressive: true,
      });
    case 'webp':
      return image.webp({ quality: QUALITY.webp, effort: 3 });
    case 'png':
      return image.png();
    case 'gif':
      return image.gif();
  }
}

/** Maps sharp's decoding failures to a refusal: a pixel bomb, or damaged/unreadable content. */
function refusal(error: unknown): unknown {
  if (error instanceof ImageRejectedError) return error;
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new ImageRejectedError('pixels');
  }
  return new ImageRejectedError('corrupt');
}

/** A source every output is made from: a factory of sharp pipelines over the same pixels. */
interface Source {
  make: (options?: { firstFrameOnly?: boolean }) => Sharp;
  /** Upright size of the display image (after the DISPLAY_MAX_SIDE cap). */
  width: number;
  height: number;
  hasAlpha: boolean;
  animated: boolean;
}

/**
 * Decodes a still image once: upright (EXIF orientation applied), in sRGB, capped at
 * DISPLAY_MAX_SIDE, as raw pixels that each output resizes and encodes.
 */
async function stillSource(input: Sharp): Promise<Source> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await input
      .autoOrient()
      .resize({
        width: DISPLAY_MAX_SIDE,
        height: DISPLAY_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw refusal(error);
  }
  const { data, info } = decoded;
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return {
    make: () => sharp(data, { raw }),
    width: info.width,
    height: info.height,
    hasAlpha: info.channels === 4 || info.channels === 2,
    animated: false,
  };
}

/**
 * An animated GIF/WebP: every output decodes the upload again (all frames; the first only for
 * JPEG), since frames do not fit one raw buffer. GIF and WebP carry no EXIF orientation.
 */
async function animatedSource(
  data: Buffer,
  options: SharpOptions,
  width: number,
  pageHeight: number,
  hasAlpha: boolean,
): Promise<Source> {
  const scale = Math.min(1, DISPLAY_MAX_SIDE / Math.max(width, pageHeight));
  const displayWidth = Math.max(1, Math.round(width * scale));
  return {
    make: ({ firstFrameOnly = false } = {}) =>
      sharp(data, { ...options, ...(firstFrameOnly ? { pages: 1 } : { animated: true }) })
        .resize({ width: displayWidth, withoutEnlargement: true })
        .toColourspace('srgb'),
    width: displayWidth,
    height: Math.max(1, Math.round(pageHeight * scale)),
    hasAlpha,
    animated: true,
  };
}

/** Opens an upload: checks it is what its first bytes claim and within the pixel limit. */
async function openSource(data: Buffer, type: UploadType): Promise<Source> {
  const options: SharpOptions = {
    limitInputPixels: IMAGE_VARIANTS.maxInputPixels,
    failOn: 'error', // a truncated or damaged image is refused, not served half grey
  };
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { ...options, limitInputPixels: false }).metadata();
  } catch (error) {
    throw refusal(error);
  }
  if (metadata.format !== SHARP_FORMAT[type.ext] || !metadata.width || !metadata.height) {
    throw new ImageRejectedError('corrupt');
  }
  const animated = (type.ext === 'gif' || type.ext === 'webp') && (metadata.pages ?? 1) > 1;
  // An animation is decoded whole, so its frames count together.
  const pixels = metadata.width * metadata.height * (animated ? metadata.pages! : 1);
  if (pixels > IMAGE_VARIANTS.maxInputPixels) throw new ImageRejectedError('pixels');
  if (type.ext === 'heic' && metadata.compression !== 'av1') {
    // HEVC: sharp's prebuilt libheif has no decoder for it; libheif-js (wasm) has.
    const pixels = await decodeHeif(data, IMAGE_VARIANTS.maxInputPixels);
    const raw = { width: pixels.width, height: pixels.height, channels: 4 as const };
    const input = sharp(pixels.data, { raw });
    return stillSource(pixels.hasAlpha ? input : input.removeAlpha());
  }
  if (animated) {
    return animatedSource(
      data,
      options,
      metadata.width,
      metadata.pageHeight ?? metadata.height,
      metadata.hasAlpha ?? false,
    );
  }
  return stillSource(sharp(data, options));
}

/** The display image's type for an upload's: HEIC becomes JPEG, the others keep theirs. */
function displayType(type: UploadType): ImageType {
  return imageTypeOfExt(type.ext === 'heic' ? 'jpg' : type.ext)!;
}

/**
 * Runs an upload through the pipeline: decode (refusing damaged content, content that is not what
 * its first bytes claim, and more than IMAGE_VARIANTS.maxInputPixels), orient, convert to sRGB,
 * strip every piece of metadata, and encode the display image (longest side at most
 * DISPLAY_MAX_SIDE) and every IMAGE_VARIANTS width × format, never upscaled. sharp works on libuv's
 * thread pool, off the event loop. Rejects with ImageRejectedError for content it refuses.
 */
export async function processImage(data: Buffer, type: UploadType): Promise<ProcessedImage> {
  const source = await openSource(data, type);
  const display = displayType(type);
  const [displayData, placeholder, ...variants] = await Promise.all([
    encode(source.make(), display.ext, source.hasAlpha).toBuffer(),
    thumbHashOf(source.make({ firstFrameOnly: true })),
    ...IMAGE_VARIANT_SPECS.map(async ({ width, format }) => ({
      width,
      format,
      data: await encode(
        source
          .make({ firstFrameOnly: format === 'jpg' })
          .resize({ width: Math.min(width, source.width), withoutEnlargement: true }),
        format,
        source.hasAlpha,
      ).toBuffer(),
    })),
  ]);
  return {
    type: display,
    display: displayData,
    width: source.width,
    height: source.height,
    placeholder,
    variants,
  };
}
