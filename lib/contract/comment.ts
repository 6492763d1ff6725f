import './zod-csp';

import * as z from 'zod/mini';

import { idSchema } from './common';
import { COMMENT_LIMITS } from './values';

export { COMMENT_LIMITS };

export const COMMENT_MESSAGES = {
  textBlank: '댓글을 입력해주세요.',
  textTooLong: `댓글은 ${COMMENT_LIMITS.text}자 이하로 입력해주세요.`,
} as const;

/** `CommentDto`; `localDateTime` is the creation time in Asia/Seoul, without offset. */
export const commentSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  text: z.string(),
  /** Addition (issue 16): the caller wrote it (may edit and delete it). */
  mine: z.optional(z.boolean()),
  localDateTime: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?$/)),
});
export type Comment = z.infer<typeof commentSchema>;

/** A post's comments (`GET /api/comment/{postId}`). */
export const commentListSchema = z.array(commentSchema);

/** A comment's text: 1–`COMMENT_LIMITS.text` characters once trimmed. */
export const commentTextSchema = z
  .string({ error: COMMENT_MESSAGES.textBlank })
  .check(
    z.trim(),
    z.minLength(1, { error: COMMENT_MESSAGES.textBlank }),
    z.maxLength(COMMENT_LIMITS.text, { error: COMMENT_MESSAGES.textTooLong }),
  );

/** `POST /api/comment` body. */
export const commentCreateSchema = z.object({ postId: idSchema, text: commentTextSchema });

/** `PATCH /api/comment/{id}` body (issue 16): the author changes the text. */
export const commentUpdateSchema = z.object({ text: commentTextSchema });
export type CommentUpdate = z.infer<typeof commentUpdateSchema>;
export type CommentCreate = z.infer<typeof commentCreateSchema>;
