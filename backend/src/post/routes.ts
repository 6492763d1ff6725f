import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { BODY_LIMITS } from '@/lib/contract/limits';
import {
  type LikeState,
  POST_LIMITS,
  POST_MESSAGES,
  postFeedQuerySchema,
  postScrollQuerySchema,
  postTextSchema,
  postUpdateSchema,
} from '@/lib/contract/post';

import type { Db } from '../db/client';
import { requireFriendship } from '../friend/service';
import { requireMember } from '../http/auth-hook';
import { ApiError, MESSAGES } from '../http/errors';
import { fieldError, idParams, notFound, sendText } from '../http/reply';
import { type UploadQuota, UploadQuotaExceededError } from '../http/upload-quota';
import type { LiveHub } from '../live/hub';
import { pushUnreadCounts } from '../notification/push';
import type { ImageStorage } from '../storage/image-storage';
import { ImageRejectedError } from '../storage/image-type';
import { finishImageDeletion } from '../storage/pending-deletions';
import {
  createPost,
  deletePost,
  latestPosts,
  memberPosts,
  postLikers,
  postsBefore,
  setLike,
  updatePost,
} from './service';
import { receivePost } from './upload';

/** Bytes of the `text` part read before it counts as too long (2000 characters of up to 4 bytes). */
const TEXT_BYTES = POST_LIMITS.text * 4 + 1024;

/** Whether `error` says the multipart body itself is malformed or over a parser limit. */
function isMultipartError(app: FastifyInstance, error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  if (Object.values(app.multipartErrors).some((type) => error instanceof type)) return true;
  // busboy's parse errors ("Unexpected end of multipart data", …) are plain Errors; file system
  // errors of the storage are plain Errors too but carry a `syscall`.
  return error.constructor === Error && !('syscall' in error);
}

/**
 * Posts, the feed (newest first; older pages by keyset on `postId`, not offset) and images
 * (PNG/JPEG/GIF/WebP checked by content, not by name; 10 MB max).
 */
export async function postRoutes(
  app: FastifyInstance,
  options: { db: Db; images: ImageStorage; live: LiveHub; uploadQuota?: UploadQuota | null },
): Promise<void> {
  const { db, images, live } = options;
  const uploadQuota = options.uploadQuota ?? null;

  // Multipart bodies (only the upload route takes them) are streamed by the route, not parsed up
  // front. A `file` part is one with a filename; its size limit fails it (413), extra parts are 400.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    isPartAFile: (_name, _contentType, filename) => filename !== undefined,
    limits: {
      fileSize: POST_LIMITS.imageBytes,
      fieldSize: TEXT_BYTES,
      parts: 10,
      headerPairs: 20,
    },
  });

  function uploadError(error: unknown): unknown {
    if (error instanceof ImageRejectedError) {
      if (error.reason === 'size') return new ApiError(413, POST_MESSAGES.imageTooLarge);
      if (error.reason === 'empty') return fieldError('file', POST_MESSAGES.fileMissing);
      // not an image, damaged, or a decompression bomb: all "not an image we take"
      return fieldError('file', POST_MESSAGES.unsupportedImage);
    }
    // The parser's own (English) reason is for the log, not for members.
    if (isMultipartError(app, error)) {
      app.log.info({ err: error }, 'malformed multipart body');
      return new ApiError(400, MESSAGES.badRequest);
    }
    return error;
  }

  app.post('/api/post', async (request, reply) => {
    const member = requireMember(request);
    if (!request.isMultipart()) throw fieldError('file', POST_MESSAGES.fileMissing);
    const declared = Number(request.headers['content-length']);
    if (declared > BODY_LIMITS.postUpload) {
      reply.header('connection', 'close');
      throw new ApiError(413, POST_MESSAGES.imageTooLarge);
    }

    // Over the daily quota already (or with this body): refused before it is read. Nothing
    // closes the connection, so the unread body is drained and the answer reaches the client.
    const allowance = uploadQuota
      ? await uploadQuota.begin(member.id, Number.isFinite(declared) ? declared : 0)
      : null;
    let received;
    try {
      received = await receivePost(request, images, allowance);
    } catch (error) {
      await allowance?.finish(!(error instanceof UploadQuotaExceededError));
      throw uploadError(error);
    }
    await allowance?.finish(true);
    const { image } = received;
    try {
      if (received.textTooLong) throw fieldError('text', POST_MESSAGES.textTooLong);
      const parsed = postTextSchema.safeParse(received.text ?? undefined);
      if (!parsed.success) throw fieldError('text', parsed.error.issues[0].message);
      if (!image) throw fieldError('file', POST_MESSAGES.fileMissing);
      await createPost(db, member.id, parsed.data, image);
    } catch (error) {
      if (image) await images.delete(image.key);
      throw error;
    }
    return reply.status(201).send();
  });

  app.get('/api/posts', async (request) => {
    const member = requireMember(request);
    const { limit } = postFeedQuerySchema.parse(request.query);
    return latestPosts(db, member.id, limit);
  });

  app.get('/api/posts/scroll', async (request) => {
    const member = requireMember(request);
    const { limit, postId } = postScrollQuerySchema.parse(request.query);
    return postsBefore(db, member.id, postId, limit);
  });

  app.get('/api/member/posts', async (request) => {
    const member = requireMember(request);
    return memberPosts(db, member.id, member.id);
  });

  app.get('/api/posts/friend/:friendId', async (request) => {
    const member = requireMember(request);
    const { friendId } = idParams(request.params, 'friendId');
    if (friendId !== member.id) await requireFriendship(db, member.id, friendId);
    return memberPosts(db, member.id, friendId);
  });

  // Issue 16 (additions to the original's wire): the author edits or deletes a post; members like
  // posts. Another member's post is 404 for the author-only writes, as an unknown one is.
  app.patch('/api/post/:id', async (request) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    const { text } = postUpdateSchema.parse(request.body ?? {});
    return updatePost(db, member.id, id, text);
  });

  app.delete('/api/post/:id', async (request, reply) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    const imageKey = await deletePost(db, member.id, id);
    // Its notifications (all the author's own) went with it: the author's other tabs recount.
    await pushUnreadCounts({ db, live }, [member.id], request.log);
    // The post is gone and its key recorded: a storage failure now only delays the objects'
    // deletion until the next start (drainPendingDeletions), it does not undo the answer.
    try {
      await finishImageDeletion(db, images, imageKey);
    } catch (error) {
      request.log.warn({ err: error, imageKey }, 'image deletion left for the next start');
    }
    return sendText(reply, 200, 'delete post');
  });

  /** PUT likes, DELETE takes the like back; the author's notification count is pushed live. */
  async function like(request: FastifyRequest, liked: boolean): Promise<LikeState> {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    const { notified, ...state } = await setLike(db, member.id, id, liked);
    await pushUnreadCounts({ db, live }, [notified], request.log);
    return state;
  }

  app.put('/api/post/:id/like', async (request) => like(request, true));

  app.delete('/api/post/:id/like', async (request) => like(request, false));

  app.get('/api/post/:id/likes', async (request) => {
    requireMember(request);
    const { id } = idParams(request.params, 'id');
    return postLikers(db, id);
  });

  // A wildcard: bucket keys carry a folder (`images/<uuid>.<ext>`), so `/api/images/images/…` is
  // a key too (the path the original client builds from such a key in its development build).
  app.get('/api/images/*', async (request, reply) => {
    requireMember(request);
    const key = (request.params as { '*': string })['*'];
    const image = await images.open(key);
    if (!image) throw notFound();
    // A year in the browser's own caches (keys are never reused), never in a shared one: reading
    // an image needs a session.
    reply
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('ETag', image.etag)
      .header('X-Content-Type-Options', 'nosniff');
    const match = request.headers['if-none-match'];
    if (
      match &&
      (match.trim() === '*' ||
        match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === image.etag))
    ) {
      image.stream.destroy();
      return reply.status(304).send();
    }
    return reply
      .type(image.contentType)
      .header('Content-Length', String(image.size))
      .send(image.stream);
  });
}
