'use client';

import { InlineLoadError } from '@/components/ui/inline-load-error';
import { SectionNote } from '@/components/ui/section-note';
import type { Post } from '@/lib/contract/post';
import { messages } from '@/lib/i18n/messages';

import { PostGrid } from './post-grid';
import { PostGridSkeleton } from './post-grid-skeleton';

export interface PostsPanelProps {
  /** undefined while loading. */
  posts: readonly Post[] | undefined;
  error: unknown;
  onRetry: () => void;
  /** A second line under `아직 게시물이 없습니다.` (the own profile only). */
  emptyHint?: string;
}

/** A profile's `게시물` tab: the post grid, an empty note, a load error with retry, or skeletons. */
export function PostsPanel({ posts, error, onRetry, emptyHint }: PostsPanelProps) {
  if (posts && posts.length > 0)
    return <PostGrid posts={posts} label={messages.profile.postsLabel} />;
  if (posts) return <SectionNote title={messages.profile.noPosts} hint={emptyHint} />;
  if (error) {
    return (
      <InlineLoadError message={messages.profile.postsLoadFailed} error={error} onRetry={onRetry} />
    );
  }
  return <PostGridSkeleton label={messages.profile.postsLoading} />;
}
