import 'server-only';
import { cache } from 'react';
import { FEED_PAGE_SIZE, FRIEND_POSTS_KEY, MEMBER_POSTS_KEY, POSTS_KEY } from '@/lib/api/keys';
import { postListSchema, type Post } from '@/lib/contract/post';
import { readBackend } from '../server-client';

/** GET /api/posts?limit=: the newest posts, newest first (the feed's first page). */
export const fetchLatestPosts = cache((limit: number = FEED_PAGE_SIZE): Promise<Post[]> =>
  readBackend(`${POSTS_KEY}?limit=${limit}`, postListSchema),
);

/** GET /api/member/posts: the signed-in member's posts. */
export const fetchMemberPosts = cache((): Promise<Post[]> =>
  readBackend(MEMBER_POSTS_KEY, postListSchema),
);

/** GET /api/posts/friend/{friendId}: a friend's posts (403 without the friendship). */
export const fetchFriendPosts = cache((friendId: number): Promise<Post[]> =>
  readBackend(`${FRIEND_POSTS_KEY}/${friendId}`, postListSchema),
);
