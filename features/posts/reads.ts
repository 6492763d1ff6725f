import {
  COMMENTS_KEY,
  FRIEND_POSTS_KEY,
  likersKey,
  MEMBER_POSTS_KEY,
  POSTS_KEY,
} from '@/lib/api/keys';
import type { Comment } from '@/lib/contract/comment';
import type { Liker, Post } from '@/lib/contract/post';
import { defineRead } from '@/lib/reads/define';

// The wire's posts, likers and comments already carry the names the UI reads: identity mappers.

const postList = async () => (await import('@/lib/contract/post')).postListSchema;
const samePosts = (posts: Post[]) => posts;

/**
 * GET /api/posts?limit=: the newest posts, newest first (the feed's first page). The feed pages
 * under its own SWR keys (feedPageKey, features/posts/use-feed.ts); this is the path and the answer.
 */
export const latestPostsRead = defineRead({
  key: (limit: number) => `${POSTS_KEY}?limit=${limit}`,
  schema: postList,
  toView: samePosts,
});

/** GET /api/posts/scroll?limit=&postId=: the posts older than `postId`, newest first. */
export const olderPostsRead = defineRead({
  key: (postId: number, limit: number) => `${POSTS_KEY}/scroll?limit=${limit}&postId=${postId}`,
  schema: postList,
  toView: samePosts,
});

/**
 * GET /api/member/posts: the signed-in member's posts. Its SWR key is `memberPostsKey()`, an
 * array the post-list updates recognise (features/posts/use-member-posts.ts).
 */
export const memberPostsRead = defineRead({
  key: () => MEMBER_POSTS_KEY,
  schema: postList,
  toView: samePosts,
});

/**
 * GET /api/posts/friend/{friendId}: a friend's posts (403 without the friendship). Its SWR key is
 * `friendPostsKey(friendId)`, as for the member's own posts.
 */
export const friendPostsRead = defineRead({
  key: (friendId: number) => `${FRIEND_POSTS_KEY}/${friendId}`,
  schema: postList,
  toView: samePosts,
});

/** GET /api/post/{id}/likes: the members who like the post, newest first. */
export const likersRead = defineRead({
  key: (postId: number) => likersKey(postId),
  schema: async () => (await import('@/lib/contract/post')).likerListSchema,
  toView: (likers: Liker[]) => likers,
});

/** GET /api/comment/{postId}: the post's comments (server order; an unknown post is `[]`). */
export const commentsRead = defineRead({
  key: (postId: number) => `${COMMENTS_KEY}/${postId}`,
  schema: async () => (await import('@/lib/contract/comment')).commentListSchema,
  toView: (comments: Comment[]) => comments,
});
