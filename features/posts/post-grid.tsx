'use client';

import type { ReactNode } from 'react';

import type { Post } from '@/lib/contract/post';
import { messages } from '@/lib/i18n/messages';

import styles from './post-grid.module.css';
import { PostImage } from './post-image';

/**
 * The thumbnails of the first row (three across on phones): one of them is the page's largest
 * paint, so they load at once at high priority instead of lazily.
 */
const FIRST_ROW = 3;

export interface PostGridProps {
  posts: readonly Post[];
  /** Accessible name of the list (`게시물` by default). */
  label?: string;
  /**
   * Called when a thumbnail is chosen (e.g. to open the post or its comments); without it the
   * thumbnails are plain images.
   */
  onSelect?: (post: Post) => void;
  /** Shown instead of the grid when `posts` is empty (e.g. `아직 게시물이 없습니다.`). */
  empty?: ReactNode;
}

/**
 * A grid of square post thumbnails (3 across, 4 on wide screens), for the profile and friend
 * profile screens. Each thumbnail's alternative text is the post's text; a post without an image
 * (`imageUrl` null) gets the placeholder thumbnail.
 */
export function PostGrid({
  posts,
  label = messages.feed.gridLabel,
  onSelect,
  empty,
}: PostGridProps) {
  if (posts.length === 0 && empty !== undefined) return <>{empty}</>;
  return (
    <ul className={styles.grid} aria-label={label}>
      {posts.map((post, index) => (
        <li key={post.id} className={styles.cell} data-post-id={post.id}>
          {onSelect ? (
            <button type="button" className={styles.button} onClick={() => onSelect(post)}>
              <PostImage
                imageKey={post.imageUrl}
                info={post}
                alt={messages.profile.postImage(post.text)}
                shape="square"
                priority={index < FIRST_ROW}
              />
            </button>
          ) : (
            <PostImage
              imageKey={post.imageUrl}
              info={post}
              alt={messages.profile.postImage(post.text)}
              shape="square"
              priority={index < FIRST_ROW}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
