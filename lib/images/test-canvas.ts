/* Test helper: an OffscreenCanvas stand-in for jsdom, whose JPEG weighs a fixed number of bytes. */

/**
 * An OffscreenCanvas class whose `convertToBlob` answers a JPEG of `jpegBytes` bytes, whatever the
 * size and quality asked: enough for the upload forms' tests of shrinkPhotos' wiring
 * (shrink-photo.test.ts tests the sizes and qualities themselves).
 */
export function fixedSizeOffscreenCanvas(jpegBytes: number) {
  return class FakeOffscreenCanvas {
    constructor(
      readonly width: number,
      readonly height: number,
    ) {}
    getContext() {
      return { fillRect: jest.fn(), drawImage: jest.fn() };
    }
    async convertToBlob() {
      return new Blob([new Uint8Array(jpegBytes)], { type: 'image/jpeg' });
    }
  };
}
