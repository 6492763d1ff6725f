import { messages } from '@/lib/i18n/messages';

import {
  jpegName,
  LONG_EDGE_CAP,
  MULTIPART_RESERVE_BYTES,
  photoForUpload,
  photoShares,
  PhotoTooLargeError,
  shrinkPhotos,
} from './shrink-photo';

/**
 * jsdom decodes and draws nothing, so the browser's parts are stubbed: createImageBitmap gives a
 * bitmap of a set size (or fails, as Chrome does on HEIC), and the canvas's JPEG encoder answers a
 * blob whose size follows a model of the drawn size and the quality. The tests check the module's
 * decisions: what is redrawn, at which size and quality, and what each photo may weigh.
 */

interface Encode {
  width: number;
  height: number;
  quality: number;
}

let encodes: Encode[];
let draws: { width: number; height: number }[];
/** The bytes a JPEG of `width`×`height` at `quality` weighs in the stub. */
let jpegBytes: (encode: Encode) => number;
let decode: jest.Mock;
let closed: number;

function bitmap(width: number, height: number) {
  return { width, height, close: () => (closed += 1) };
}

function context(width: number, height: number) {
  return {
    fillStyle: '',
    imageSmoothingEnabled: false,
    imageSmoothingQuality: 'low',
    fillRect: jest.fn(),
    drawImage: jest.fn(() => draws.push({ width, height })),
  };
}

function encoded({ width, height, quality }: Encode): Blob {
  encodes.push({ width, height, quality });
  return new Blob([new Uint8Array(jpegBytes({ width, height, quality }))], { type: 'image/jpeg' });
}

class FakeOffscreenCanvas {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}
  getContext() {
    return context(this.width, this.height);
  }
  async convertToBlob({ type, quality }: { type: string; quality: number }) {
    expect(type).toBe('image/jpeg');
    return encoded({ width: this.width, height: this.height, quality });
  }
}

function photo(name: string, bytes: number, type = 'image/jpeg'): File {
  return new File([new Uint8Array(bytes)], name, { type, lastModified: 1_700_000_000_000 });
}

/** A budget whose photo share is exactly `photoBytes` (no text fields). */
function budgetFor(photoBytes: number) {
  return { bodyLimitBytes: photoBytes + MULTIPART_RESERVE_BYTES };
}

beforeEach(() => {
  encodes = [];
  draws = [];
  closed = 0;
  // About a byte per 100 pixels at quality 0.9, less as the quality falls.
  jpegBytes = ({ width, height, quality }) => Math.round((width * height * quality) / 90);
  decode = jest.fn(async () => bitmap(4000, 3000));
  Object.assign(globalThis, { createImageBitmap: decode, OffscreenCanvas: FakeOffscreenCanvas });
});

afterEach(() => {
  delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
  delete (globalThis as { OffscreenCanvas?: unknown }).OffscreenCanvas;
  jest.restoreAllMocks();
});

describe('photoShares', () => {
  it('lets every photo keep its size when they fit together', () => {
    expect(photoShares([100, 200, 300], 600)).toEqual([100, 200, 300]);
  });

  it('gives a small photo its size and splits the rest equally between the large ones', () => {
    expect(photoShares([1000, 100, 1000], 1100)).toEqual([500, 100, 500]);
    expect(photoShares([900, 900], 1000)).toEqual([500, 500]);
  });
});

describe('jpegName', () => {
  it('says .jpg whatever the photo was', () => {
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('스쿼트.png')).toBe('스쿼트.jpg');
    expect(jpegName('no-extension')).toBe('no-extension.jpg');
  });
});

describe('shrinkPhotos', () => {
  it('sends a photo that fits as chosen: not decoded, not recompressed', async () => {
    const small = photo('small.png', 50_000, 'image/png');
    const [out] = await shrinkPhotos([small], budgetFor(50_000));
    expect(out).toBe(small);
    expect(decode).not.toHaveBeenCalled();
  });

  it('redraws a photo over the budget upright, at most LONG_EDGE_CAP px long, as a JPEG that fits', async () => {
    const big = photo('IMG_0001.jpeg', 200_000);
    // 2560×1920 at 0.9 weighs 49 152 bytes in the model, at 0.8 43 691: only 0.8 fits.
    const [out] = await shrinkPhotos([big], budgetFor(45_000));
    expect(decode).toHaveBeenCalledWith(big, { imageOrientation: 'from-image' });
    expect(draws).toEqual([{ width: LONG_EDGE_CAP, height: 1920 }]);
    expect(encodes.map((encode) => encode.quality)).toEqual([0.9, 0.8]);
    expect(out).not.toBe(big);
    expect(out.name).toBe('IMG_0001.jpg');
    expect(out.type).toBe('image/jpeg');
    expect(out.size).toBe(43_691);
    expect(out.lastModified).toBe(big.lastModified);
    expect(closed).toBe(1);
  });

  it('keeps a portrait bitmap portrait (the decoder turned it by its EXIF orientation)', async () => {
    decode.mockResolvedValue(bitmap(3000, 4000));
    await shrinkPhotos([photo('portrait.jpg', 200_000)], budgetFor(60_000));
    expect(draws).toEqual([{ width: 1920, height: LONG_EDGE_CAP }]);
  });

  it('leaves room for the multipart framing and the text, counted in UTF-8 bytes', async () => {
    const text = '오늘의 운동 완료'.repeat(100); // 900 characters, 2 300 bytes in UTF-8
    const textBytes = new Blob([text]).size;
    expect(textBytes).toBe(2_300);
    // Without the text, 50 000 bytes would take 0.9 (49 152); with it, 47 700 take only 0.8.
    const limit = 50_000 + MULTIPART_RESERVE_BYTES;
    const [out] = await shrinkPhotos([photo('a.jpg', 200_000)], {
      bodyLimitBytes: limit,
      fields: [text],
    });
    expect(encodes.map((encode) => encode.quality)).toEqual([0.9, 0.8]);
    expect(out.size + textBytes + MULTIPART_RESERVE_BYTES).toBeLessThanOrEqual(limit);
  });

  it('splits the budget between several large photos and leaves a small one alone', async () => {
    const small = photo('small.jpg', 10_000);
    const files = [photo('a.jpg', 300_000), small, photo('b.png', 300_000, 'image/png')];
    // 100 000 bytes for the photos: 10 000 for the small one, 45 000 each for the others.
    const out = await shrinkPhotos(files, budgetFor(100_000));
    expect(out[1]).toBe(small);
    expect(out[0].size).toBeLessThanOrEqual(45_000);
    expect(out[2].size).toBeLessThanOrEqual(45_000);
    expect(out[2].name).toBe('b.jpg');
    expect(out.reduce((sum, file) => sum + file.size, 0)).toBeLessThanOrEqual(100_000);
    expect(decode).toHaveBeenCalledTimes(2);
  });

  it('tries falling qualities, then a smaller size, until the photo fits', async () => {
    // 2560×1920: 0.9 → 49 152, 0.8 → 43 691, 0.7 → 38 229, 0.6 → 32 768 (none ≤ 30 000);
    // 1920×1440 at 0.9 → 27 648 fits.
    const [out] = await shrinkPhotos([photo('a.jpg', 200_000)], budgetFor(30_000));
    expect(encodes).toEqual([
      { width: 2560, height: 1920, quality: 0.9 },
      { width: 2560, height: 1920, quality: 0.8 },
      { width: 2560, height: 1920, quality: 0.7 },
      { width: 2560, height: 1920, quality: 0.6 },
      { width: 1920, height: 1440, quality: 0.9 },
    ]);
    expect(out.size).toBe(27_648);
  });

  it('goes to a smaller size at once when an encode is more than twice over', async () => {
    // 0.9 at 2560 weighs 49 152, more than twice 20 000: the lower qualities there are skipped.
    await shrinkPhotos([photo('a.jpg', 200_000)], budgetFor(20_000));
    // At 1920 the encodes are near (27 648 at 0.9): the qualities are tried down to 0.6 (18 432).
    expect(encodes.map(({ width, quality }) => `${width}@${quality}`)).toEqual([
      '2560@0.9',
      '1920@0.9',
      '1920@0.8',
      '1920@0.7',
      '1920@0.6',
    ]);
  });

  it('never enlarges a photo smaller than the cap', async () => {
    decode.mockResolvedValue(bitmap(1200, 900));
    jpegBytes = () => 5_000;
    const [out] = await shrinkPhotos([photo('a.png', 80_000, 'image/png')], budgetFor(10_000));
    expect(draws).toEqual([{ width: 1200, height: 900 }]);
    expect(out.size).toBe(5_000);
  });

  it('refuses, before anything is sent, a too-large photo the browser cannot decode (HEIC in Chrome)', async () => {
    decode.mockRejectedValue(new DOMException('The source image could not be decoded.'));
    const heic = photo('IMG_0002.HEIC', 200_000, 'image/heic');
    const failure = await shrinkPhotos([heic], budgetFor(100_000)).catch((error) => error);
    expect(failure).toBeInstanceOf(PhotoTooLargeError);
    expect(failure.file).toBe(heic);
    expect(failure.message).toBe(messages.photoShrink.tooLarge('98KB'));
    expect(failure.message).toBe(
      '사진이 너무 커서 업로드할 수 없습니다. 98KB 이하의 사진이나 JPG, PNG 사진을 선택해주세요.',
    );
    expect(encodes).toEqual([]);
  });

  it('tries a HEIC the browser may decode (Safari), even when it comes without a type', async () => {
    const heic = photo('IMG_0003.heic', 200_000, '');
    const [out] = await shrinkPhotos([heic], budgetFor(60_000));
    expect(decode).toHaveBeenCalledWith(heic, { imageOrientation: 'from-image' });
    expect(out.name).toBe('IMG_0003.jpg');
  });

  it('sends a HEIC that fits as chosen (the server decodes it)', async () => {
    const heic = photo('IMG_0004.HEIC', 50_000, 'image/heic');
    expect(await shrinkPhotos([heic], budgetFor(60_000))).toEqual([heic]);
    expect(decode).not.toHaveBeenCalled();
  });

  it('refuses a too-large GIF without redrawing it (a JPEG would lose its animation)', async () => {
    const gif = photo('jump.gif', 200_000, 'image/gif');
    await expect(shrinkPhotos([gif], budgetFor(100_000))).rejects.toThrow(
      messages.photoShrink.tooLarge('98KB'),
    );
    expect(decode).not.toHaveBeenCalled();
  });

  it('gives up with a reason when even the smallest size does not fit', async () => {
    jpegBytes = () => 1_000_000;
    await expect(shrinkPhotos([photo('a.jpg', 2_000_000)], budgetFor(100_000))).rejects.toThrow(
      messages.photoShrink.failed,
    );
    // 2560, 1920, 1440, 1080, 810 px; the next (608) is below the smallest worth posting.
    expect(encodes.map((encode) => encode.width)).toEqual([2560, 1920, 1440, 1080, 810]);
    expect(closed).toBe(1);
  });

  it('draws on a <canvas> where there is no OffscreenCanvas', async () => {
    delete (globalThis as { OffscreenCanvas?: unknown }).OffscreenCanvas;
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
    ) {
      return context(this.width, this.height) as unknown as CanvasRenderingContext2D;
    });
    jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      callback,
      type,
      quality,
    ) {
      expect(type).toBe('image/jpeg');
      callback(encoded({ width: this.width, height: this.height, quality: Number(quality) }));
    });
    const [out] = await shrinkPhotos([photo('a.webp', 200_000, 'image/webp')], budgetFor(45_000));
    expect(draws).toEqual([{ width: 2560, height: 1920 }]);
    expect(out.name).toBe('a.jpg');
    expect(out.size).toBeLessThanOrEqual(45_000);
  });
});

describe('photoForUpload', () => {
  it('sends the chosen file as it is where the host sets no body limit', async () => {
    const big = photo('IMG_0002.jpg', 20_000_000);
    await expect(photoForUpload(big, null)).resolves.toBe(big);
    expect(decode).not.toHaveBeenCalled();
  });

  it('shrinks the photo to fit the limit beside the text fields', async () => {
    const big = photo('IMG_0003.jpeg', 200_000);
    const limit = 45_000 + MULTIPART_RESERVE_BYTES + 6; // the text below takes 6 bytes
    const out = await photoForUpload(big, limit, ['오늘']);
    expect(out.name).toBe('IMG_0003.jpg');
    expect(out.size).toBeLessThanOrEqual(45_000);
  });
});
