import { postImageUrl } from '@/lib/api/keys';
import { IMAGE_VARIANTS, type ImageVariantFormat, imageVariantKey } from '@/lib/contract/values';

/**
 * `srcset` of a post image's variants in `format`: one candidate per distinct actual width (a
 * variant is never wider than the photo, so a narrow photo's larger variants collapse into one).
 */
export function variantSrcSet(
  key: string,
  photoWidth: number,
  format: ImageVariantFormat,
  imageBaseUrl = '',
): string {
  const seen = new Set<number>();
  const candidates: string[] = [];
  for (const nominal of IMAGE_VARIANTS.widths) {
    const actual = Math.min(nominal, photoWidth);
    if (seen.has(actual)) continue;
    seen.add(actual);
    candidates.push(
      `${postImageUrl(imageVariantKey(key, nominal, format), imageBaseUrl)} ${actual}w`,
    );
  }
  return candidates.join(', ');
}

/**
 * `sizes` of each frame, from the shell's layout (app-shell.module.css): the feed's column (540 px
 * at most, the screen less the page's 16 px margins on phones) and the profile grid's columns
 * (post-grid.module.css): three across the screen less its margins (16 px a side on phones, 24 px
 * from 600 px), four from 900 px beside the 240 px sidebar with 32 px margins, the content column
 * ending at 960 px (so 240 px from a 1264 px screen).
 */
export const POST_IMAGE_SIZES = {
  feed: '(min-width: 600px) 540px, calc(100vw - 32px)',
  square:
    '(min-width: 1264px) 240px, (min-width: 900px) calc((100vw - 304px) / 4), (min-width: 600px) calc((100vw - 48px) / 3), calc((100vw - 32px) / 3)',
} as const;
