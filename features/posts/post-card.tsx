'use client';

import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { CommentIcon } from '@/components/ui/icons';
import type { Post } from '@/lib/contract/post';
import { messages } from '@/lib/i18n/messages';

import { LikeControl } from './like-control';
import { PostAuthor } from './post-author';
import styles from './post-card.module.css';
import { PostImage } from './post-image';
import { PostOwnerActions } from './post-owner-actions';

export interface PostCardProps {
  post: Post;
  /** Opens the comments of this post. */
  onOpenComments: (post: Post) => void;
  /** The first card of the feed: its image is the page's largest paint, so it is not lazy. */
  priority?: boolean;
}

/**
 * A feed card: who wrote it and when (PostAuthor, when the backend says), the image in a square frame, the text, the like (when the backend counts likes), a
 * `댓글` button, and `수정`/`삭제` on the member's own post (`mine`). A post without an image
 * (`imageUrl` null or empty, as the original backend stores an empty file) has no image frame.
 */
export function PostCard({ post, onOpenComments, priority = false }: PostCardProps) {
  const textId = useId();
  return (
    <article className={styles.card} aria-describedby={textId} data-post-id={post.id}>
      <PostAuthor post={post} />
      {post.imageUrl ? (
        <PostImage
          imageKey={post.imageUrl}
          info={post}
          alt={messages.feed.imageAlt}
          priority={priority}
        />
      ) : null}
      <div className={styles.body}>
        <p className={styles.text} id={textId}>
          {post.text}
        </p>
        <div className={styles.actions}>
          <LikeControl post={post} />
          <Button
            variant="ghost"
            size="sm"
            icon={<CommentIcon />}
            className={styles.actionButton}
            aria-haspopup="dialog"
            aria-describedby={textId}
            onClick={() => onOpenComments(post)}
          >
            {messages.feed.comments}
          </Button>
          {post.mine ? <PostOwnerActions post={post} describedBy={textId} /> : null}
        </div>
      </div>
    </article>
  );
}
