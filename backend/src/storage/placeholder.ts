import type { Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';

/** ThumbHash works on at most 100×100 pixels. */
const THUMB_SIDE = 100;

/** The ThumbHash (base64, ~25–35 characters) of `image`: a blurred preview to paint while it loads. */
export async function thumbHashOf(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}
