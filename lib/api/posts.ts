import {
  likeStateSchema,
  likerListSchema,
  postListSchema,
  postSchema,
  postTextSchema,
  type LikeState,
  type Liker,
  type Post,
} from '@/lib/contract/post';
import { request, requestJson } from './client';
import {
  FEED_PAGE_SIZE,
  FRIEND_POSTS_KEY,
  MEMBER_POSTS_KEY,
  POSTS_KEY,
  likersKey,
  postLikePath,
  postPath,
} from './keys';

/** GET /api/posts?limit=: the newest posts, newest first. */
export function fetchLatestPosts(limit: number = FEED_PAGE_SIZE): Promise<Post[]> {
  return requestJson(POSTS_KEY, { schema: postListSchema, query: { limit } });
}

/** GET /api/posts/scroll?limit=&postId=: the posts older than `postId`, newest first. */
export function fetchPostsBefore(postId: number, limit: number = FEED_PAGE_SIZE): Promise<Post[]> {
  return requestJson(`${POSTS_KEY}/scroll`, {
    schema: postListSchema,
    query: { limit, postId },
  });
}

/** GET /api/member/posts: the signed-in member's posts. */
export function fetchMemberPosts(): Promise<Post[]> {
  return requestJson(MEMBER_POSTS_KEY, { schema: postListSchema });
}

/** GET /api/posts/friend/{friendId}: a friend's posts (403 when not friends). */
export function fetchFriendPosts(friendId: number): Promise<Post[]> {
  return requestJson(`${FRIEND_POSTS_KEY}/${friendId}`, { schema: postListSchema });
}

/**
 * POST /api/post: multipart `file` + `text` (201, empty body). The browser sets the multipart
 * boundary, so no Content-Type is given here.
 */
export async function uploadPost(file: File, text: string): Promise<void> {
  const body = new FormData();
  body.append('file', file, file.name);
  body.append('text', text);
  await request('/api/post', { method: 'POST', body });
}

/**
 * Why `text` cannot be a post's text, or null: the contract's rule (1–POST_LIMITS.text characters
 * once trimmed, POST_MESSAGES), checked before an edit is sent.
 */
export function postTextProblem(text: string): string | null {
  const parsed = postTextSchema.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** PATCH /api/post/{id} `{text}`: the author changes the text (trimmed); resolves with the post. */
export function updatePost(postId: number, text: string): Promise<Post> {
  return requestJson(postPath(postId), {
    method: 'PATCH',
    json: { text: text.trim() },
    schema: postSchema,
  });
}

/** DELETE /api/post/{id}: the author deletes the post with its image, comments and likes. */
export async function deletePost(postId: number): Promise<void> {
  await request(postPath(postId), { method: 'DELETE' });
}

/** PUT (like) or DELETE (take it back) /api/post/{id}/like; both idempotent. */
export function setPostLike(postId: number, liked: boolean): Promise<LikeState> {
  return requestJson(postLikePath(postId), {
    method: liked ? 'PUT' : 'DELETE',
    schema: likeStateSchema,
  });
}

/** GET /api/post/{id}/likes: the members who like the post, newest first. */
export function fetchLikers(postId: number): Promise<Liker[]> {
  return requestJson(likersKey(postId), { schema: likerListSchema });
}
