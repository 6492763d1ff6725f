import { postListSchema, type Post } from '@/lib/contract/post';
import { request, requestJson } from './client';

/** Path (and first element of every SWR key) of the feed. */
export const POSTS_KEY = '/api/posts';
/** Path (and first element of the SWR key) of the signed-in member's posts. */
export const MEMBER_POSTS_KEY = '/api/member/posts';
/** Path prefix (and first element of the SWR key) of a friend's posts. */
export const FRIEND_POSTS_KEY = '/api/posts/friend';

/** Posts per feed page (product.md §9). */
export const FEED_PAGE_SIZE = 5;

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
 * The `src` of a post image: `imageBaseUrl + key` when an image base address is configured (as the
 * original client did in dev), else the BFF's `/api/images/{key}` (same origin, cookies sent).
 */
export function postImageUrl(key: string, imageBaseUrl = ''): string {
  if (imageBaseUrl) return `${imageBaseUrl}${key}`;
  return `/api/images/${encodeURIComponent(key)}`;
}
