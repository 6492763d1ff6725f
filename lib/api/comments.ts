import * as z from 'zod/mini';
import { commentSchema, type Comment, type CommentCreate } from '@/lib/contract/comment';
import { api, requestJson } from './client';
import { COMMENTS_KEY } from './keys';

const commentListSchema = z.array(commentSchema);

/** GET /api/comment/{postId}: the post's comments (server order; an unknown post is `[]`). */
export function fetchComments(postId: number): Promise<Comment[]> {
  return requestJson(`${COMMENTS_KEY}/${postId}`, { schema: commentListSchema });
}

/** POST /api/comment: adds a comment by the signed-in member (201, empty body). */
export async function addComment(body: CommentCreate): Promise<void> {
  await api.post(COMMENTS_KEY, body);
}
