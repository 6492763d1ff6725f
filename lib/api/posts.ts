import { postListSchema, type Post } from '@/lib/contract/post';
import { request, requestJson } from './client';
import { FEED_PAGE_SIZE, FRIEND_POSTS_KEY, MEMBER_POSTS_KEY, POSTS_KEY } from './keys';

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
