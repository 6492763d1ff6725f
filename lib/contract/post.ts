import './zod-csp';

import * as z from 'zod/mini';

import { idSchema } from './common';
import { FRIEND_MESSAGES, memberSummarySchema } from './friend';
import { IMAGE_MIME_TYPES, POST_LIMITS } from './values';

export { IMAGE_MIME_TYPES, POST_LIMITS };

export const POST_MESSAGES = {
  textBlank: '내용을 입력해주세요.',
  textTooLong: `내용은 ${POST_LIMITS.text}자 이하로 입력해주세요.`,
  fileMissing: '이미지를 선택해주세요.',
  unsupportedImage: 'PNG, JPEG, GIF, WebP, HEIC 이미지만 올릴 수 있습니다.',
  imageTooLarge: '이미지는 10MB 이하여야 합니다.',
  limit: `limit은 1부터 ${POST_LIMITS.maxPage} 사이여야 합니다.`,
  postId: 'postId를 정확히 입력해주세요.',
  notFriend: FRIEND_MESSAGES.notFriend,
} as const;

/**
 * `PostDto`: `imageUrl` is a storage key, served at `GET /api/images/{imageUrl}`; null for a post
 * without an image (the original Spring backend stores an empty file that way).
 * Additions (absent from the original backend, and for images stored before the pipeline):
 * `imageWidth`/`imageHeight` of the display image in pixels, upright, and `imagePlaceholder`, a
 * ThumbHash (base64) to paint while it loads. When `imageWidth` is present the display variants
 * (IMAGE_VARIANTS, imageVariantKey) exist.
 */
export const postSchema = z.object({
  id: z.number().check(z.int()),
  text: z.string(),
  imageUrl: z.nullable(z.string()),
  imageWidth: z.optional(z.nullable(z.number().check(z.int(), z.positive()))),
  imageHeight: z.optional(z.nullable(z.number().check(z.int(), z.positive()))),
  imagePlaceholder: z.optional(z.nullable(z.string())),
  /** Additions (issue 16): how many members like the post, and whether the caller does. */
  likeCount: z.optional(z.number().check(z.int(), z.nonnegative())),
  liked: z.optional(z.boolean()),
  /** Addition (issue 16): the caller wrote it (may edit and delete it). */
  mine: z.optional(z.boolean()),
  /**
   * Additions (issue 29; the original's `PostDto` has no author and no time): the author as
   * `MemberDto`, and the creation time as a Seoul `LocalDateTime`, named as the chat message's.
   */
  member: z.optional(memberSummarySchema),
  createdDate: z.optional(z.string()),
});

/** A list of posts (the feed's pages, a member's posts). */
export const postListSchema = z.array(postSchema);
export type Post = z.infer<typeof postSchema>;

/** The `text` part of `POST /api/post`. */
export const postTextSchema = z
  .string({ error: POST_MESSAGES.textBlank })
  .check(
    z.trim(),
    z.minLength(1, { error: POST_MESSAGES.textBlank }),
    z.maxLength(POST_LIMITS.text, { error: POST_MESSAGES.textTooLong }),
  );

/** `?limit=` of the feeds: 1–50, 10 when absent or empty. */
export const pageLimitSchema = z.pipe(
  z.transform((value) => (value === '' ? undefined : value)),
  z.pipe(
    z.optional(
      z.pipe(
        z.pipe(
          z
            .string({ error: POST_MESSAGES.limit })
            .check(z.regex(/^\s*\d{1,9}\s*$/, { error: POST_MESSAGES.limit })),
          z.transform(Number),
        ),
        z
          .number()
          .check(
            z.gte(1, { error: POST_MESSAGES.limit }),
            z.lte(POST_LIMITS.maxPage, { error: POST_MESSAGES.limit }),
          ),
      ),
    ),
    z.transform((value) => value ?? POST_LIMITS.defaultPage),
  ),
);

/** `GET /api/posts` query. */
export const postFeedQuerySchema = z.object({ limit: pageLimitSchema });

/** `GET /api/posts/scroll` query: posts older than `postId`. */
export const postScrollQuerySchema = z.object({
  limit: pageLimitSchema,
  postId: z.pipe(
    z.transform((value): unknown => (value === undefined ? '' : value)),
    idSchema,
  ),
});

/** `PATCH /api/post/{id}` body (issue 16): the author changes the text; the image stays. */
export const postUpdateSchema = z.object({ text: postTextSchema });
export type PostUpdate = z.infer<typeof postUpdateSchema>;

/** `PUT` / `DELETE /api/post/{id}/like` answer (issue 16): the caller's like and the new count. */
export const likeStateSchema = z.object({
  liked: z.boolean(),
  likeCount: z.number().check(z.int(), z.nonnegative()),
});
export type LikeState = z.infer<typeof likeStateSchema>;

/** One member who likes a post (`GET /api/post/{id}/likes`, newest first). */
export const likerSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  picture: z.nullable(z.string()),
});
export const likerListSchema = z.array(likerSchema);
export type Liker = z.infer<typeof likerSchema>;
