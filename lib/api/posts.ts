import {
  type LikeState,
  likeStateSchema,
  type Post,
  postSchema,
  postTextSchema,
} from '@/lib/contract/post';

import { request, requestJson } from './client';
import { postLikePath, postPath } from './keys';

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
