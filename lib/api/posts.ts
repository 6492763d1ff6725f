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

/** A feed page's SWR key: the first page, or the page older than the last post already held. */
export type FeedPageKey =
  | readonly [typeof POSTS_KEY, 'latest', number]
  | readonly [typeof POSTS_KEY, 'scroll', number, number];

/**
 * The key of feed page `index` given the page before it (the feed's `useSWRInfinite` key loader,
 * also used by the server page to name its fallback): null once a page came back shorter than the
 * page size (the feed has ended).
 */
export function feedPageKey(index: number, previous: Post[] | null): FeedPageKey | null {
  if (index === 0) return [POSTS_KEY, 'latest', FEED_PAGE_SIZE];
  if (!previous || previous.length < FEED_PAGE_SIZE) return null;
  return [POSTS_KEY, 'scroll', FEED_PAGE_SIZE, previous[previous.length - 1].id];
}

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
