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
  localDateTime: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?$/)),
});
export type Comment = z.infer<typeof commentSchema>;

/** `POST /api/comment` body. */
export const commentCreateSchema = z.object({
  postId: idSchema,
  text: z
    .string({ error: COMMENT_MESSAGES.textBlank })
    .check(
      z.trim(),
      z.minLength(1, { error: COMMENT_MESSAGES.textBlank }),
      z.maxLength(COMMENT_LIMITS.text, { error: COMMENT_MESSAGES.textTooLong }),
    ),
});
export type CommentCreate = z.infer<typeof commentCreateSchema>;
