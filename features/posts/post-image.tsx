'use client';

import { useMemo, useState } from 'react';
import { thumbHashToDataURL } from 'thumbhash';

import { ImageIcon } from '@/components/ui/icons';
import { postImageUrl } from '@/lib/api/keys';
import type { Post } from '@/lib/contract/post';
import { messages } from '@/lib/i18n/messages';
import { POST_IMAGE_SIZES, variantSrcSet } from '@/lib/post-image-sources';
import { useRuntimeConfig } from '@/lib/runtime-config';

import styles from './post-image.module.css';

export interface PostImageProps {
  /** The post's `imageUrl` (a storage key, not a URL); null for a post without an image. */
  imageKey: string | null;
  alt: string;
  /** `square` thumbnails (grid) or the feed's `feed` frame. */
  shape?: 'square' | 'feed';
  className?: string;
  /** The first image on screen (the page's largest paint): loaded at once, at high priority. */
  priority?: boolean;
  /** The post's image size and placeholder; with a width, the variants are offered by width. */
  info?: Pick<Post, 'imageWidth' | 'imageHeight' | 'imagePlaceholder'>;
}

/** The ThumbHash (base64) as a tiny PNG data URL; null when there is none or it is malformed. */
function placeholderUrl(thumbHash: string | null | undefined): string | null {
  if (!thumbHash) return null;
  try {
    return thumbHashToDataURL(Uint8Array.from(atob(thumbHash), (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

/**
 * A post image in a fixed-ratio frame (object-fit: cover) so nothing jumps while it loads; lazy
 * unless `priority`, from the configured image base address or the BFF (same origin, so the session
 * cookie goes along). A photo with variants is offered by width (WebP, then JPEG) for the frame's
 * `sizes`, over its blurred ThumbHash while it loads. A broken image shows a quiet placeholder
 * instead of the browser's icon.
 */
export function PostImage({
  imageKey,
  alt,
  shape = 'feed',
  className,
  priority = false,
  info,
}: PostImageProps) {
  const { imageBaseUrl } = useRuntimeConfig();
  const src = imageKey ? postImageUrl(imageKey, imageBaseUrl) : null;
  const [failed, setFailed] = useState<string | null>(null);
  const blur = useMemo(() => placeholderUrl(info?.imagePlaceholder), [info?.imagePlaceholder]);
  const frame = [styles.frame, styles[shape], className].filter(Boolean).join(' ');

  if (src === null || failed === src) {
    return (
      <span className={`${frame} ${styles.broken}`} role="img" aria-label={alt}>
        <ImageIcon />
        {/* A post without an image has nothing that failed to load. */}
        {src === null ? null : (
          <span className={styles.brokenText} aria-hidden="true">
            {messages.feed.imageFailed}
          </span>
        )}
      </span>
    );
  }

  const width = info?.imageWidth ?? null;
  const height = info?.imageHeight ?? null;
  const variants = imageKey !== null && width !== null && height !== null;
  const sizes = POST_IMAGE_SIZES[shape];
  return (
    <span className={frame}>
      {blur ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img className={styles.placeholder} src={blur} alt="" aria-hidden="true" />
      ) : null}
      {/* Images come through the BFF with the session cookie; next/image's optimizer would fetch them without it. */}
      <picture className={styles.picture}>
        {variants ? (
          <source
            type="image/webp"
            srcSet={variantSrcSet(imageKey, width, 'webp', imageBaseUrl)}
            sizes={sizes}
          />
        ) : null}
        <img
          className={styles.image}
          src={src}
          srcSet={variants ? variantSrcSet(imageKey, width, 'jpg', imageBaseUrl) : undefined}
          sizes={variants ? sizes : undefined}
          alt={alt}
          width={width ?? 800}
          height={height ?? 800}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          onError={() => setFailed(src)}
        />
      </picture>
    </span>
  );
}
