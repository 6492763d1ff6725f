import {
  type Comment,
  type CommentCreate,
  commentSchema,
  commentTextSchema,
} from '@/lib/contract/comment';

import { api, request, requestJson } from './client';
import { commentPath, COMMENTS_KEY } from './keys';

/** POST /api/comment: adds a comment by the signed-in member (201, empty body). */
export async function addComment(body: CommentCreate): Promise<void> {
  await api.post(COMMENTS_KEY, body);
}

/**
 * Why `text` cannot be a comment's text, or null: the contract's rule (1–COMMENT_LIMITS.text
 * characters once trimmed, COMMENT_MESSAGES), checked before an edit is sent.
 */
export function commentTextProblem(text: string): string | null {
  const parsed = commentTextSchema.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** PATCH /api/comment/{id} `{text}`: the author changes the text (trimmed); resolves with it. */
export function updateComment(commentId: number, text: string): Promise<Comment> {
  return requestJson(commentPath(commentId), {
    method: 'PATCH',
    json: { text: text.trim() },
    schema: commentSchema,
  });
}

/** DELETE /api/comment/{id}: the author deletes the comment. */
export async function deleteComment(commentId: number): Promise<void> {
  await request(commentPath(commentId), { method: 'DELETE' });
}
