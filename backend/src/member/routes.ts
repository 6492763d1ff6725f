import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { BODY_LIMITS } from '@/lib/contract/limits';
import { MEMBER_MESSAGES, memberUpdateSchema, PICTURE_BYTES } from '@/lib/contract/member';

import type { AuthContext } from '../auth/context';
import type { Db } from '../db/client';
import { requireMember } from '../http/auth-hook';
import { ApiError, MESSAGES } from '../http/errors';
import { fieldError, notFound } from '../http/reply';
import {
  type UploadAllowance,
  type UploadQuota,
  UploadQuotaExceededError,
} from '../http/upload-quota';
import { storeImage } from '../post/upload';
import type { ImageStorage, StoredImage } from '../storage/image-storage';
import { ImageRejectedError } from '../storage/image-type';
import { finishImageDeletion } from '../storage/pending-deletions';
import { memberProfile, replaceMemberPicture, updateMemberName } from './service';

/** Whether `error` says the multipart body itself is malformed or over a parser limit. */
function isMultipartError(app: FastifyInstance, error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  if (Object.values(app.multipartErrors).some((type) => error instanceof type)) return true;
  return error.constructor === Error && !('syscall' in error);
}

/**
 * Reads a multipart body: the first `file` part goes through the image pipeline into `storage`
 * (checked there by content and size), every other part is drained. On a failure the stored image
 * is removed and the rest of the body drained before the error is rethrown.
 */
async function receivePicture(
  request: FastifyRequest,
  storage: ImageStorage,
  allowance: UploadAllowance | null,
): Promise<StoredImage | null> {
  let image: StoredImage | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'file' && !image) image = await storeImage(part, storage, allowance);
      else part.file.resume();
    }
    return image;
  } catch (error) {
    if (image) await storage.delete(image.key);
    if (!request.raw.destroyed) request.raw.resume();
    throw error;
  }
}

/**
 * The member's own profile (issue 29, additions to the wire): `GET`/`PATCH /api/member/me` (the
 * name), `POST /api/member/me/picture` (multipart `file`, through the posts' image pipeline) and
 * `DELETE /api/member/me/picture`. Each answers `{id, name, picture}`; an edited field is kept by
 * later sign-ins. The member lookup forgets the member at once, so the login check and every read
 * that shows a member show the change.
 */
export async function memberRoutes(
  app: FastifyInstance,
  options: { db: Db; images: ImageStorage; auth: AuthContext; uploadQuota?: UploadQuota | null },
): Promise<void> {
  const { db, images, auth } = options;
  const uploadQuota = options.uploadQuota ?? null;

  await app.register(multipart, {
    throwFileSizeLimit: false,
    isPartAFile: (_name, _contentType, filename) => filename !== undefined,
    limits: { fileSize: PICTURE_BYTES, fieldSize: 1024, parts: 5, headerPairs: 20 },
  });

  function uploadError(error: unknown): unknown {
    if (error instanceof ImageRejectedError) {
      if (error.reason === 'size') return new ApiError(413, MEMBER_MESSAGES.imageTooLarge);
      if (error.reason === 'empty') return fieldError('file', MEMBER_MESSAGES.fileMissing);
      return fieldError('file', MEMBER_MESSAGES.unsupportedImage);
    }
    if (isMultipartError(app, error)) {
      app.log.info({ err: error }, 'malformed multipart body');
      return new ApiError(400, MESSAGES.badRequest);
    }
    return error;
  }

  /** Deletes a replaced photo's objects after the commit; a failure waits for the next start. */
  async function dropPrevious(request: FastifyRequest, key: string | null): Promise<void> {
    if (key === null) return;
    try {
      await finishImageDeletion(db, images, key);
    } catch (error) {
      request.log.warn({ err: error, imageKey: key }, 'image deletion left for the next start');
    }
  }

  app.get('/api/member/me', async (request) => memberProfile(db, requireMember(request).id));

  app.patch('/api/member/me', async (request) => {
    const member = requireMember(request);
    const { name } = memberUpdateSchema.parse(request.body ?? {});
    const updated = await updateMemberName(db, member.id, name);
    auth.members.forget(member.id);
    return updated;
  });

  app.post('/api/member/me/picture', async (request, reply) => {
    const member = requireMember(request);
    if (!request.isMultipart()) throw fieldError('file', MEMBER_MESSAGES.fileMissing);
    const declared = Number(request.headers['content-length']);
    if (declared > BODY_LIMITS.picture) {
      reply.header('connection', 'close');
      throw new ApiError(413, MEMBER_MESSAGES.imageTooLarge);
    }
    const allowance = uploadQuota
      ? await uploadQuota.begin(member.id, Number.isFinite(declared) ? declared : 0)
      : null;
    let image: StoredImage | null;
    try {
      image = await receivePicture(request, images, allowance);
    } catch (error) {
      await allowance?.finish(!(error instanceof UploadQuotaExceededError));
      throw uploadError(error);
    }
    await allowance?.finish(true);
    if (!image) throw fieldError('file', MEMBER_MESSAGES.fileMissing);
    let replaced;
    try {
      replaced = await replaceMemberPicture(db, member.id, image.key);
    } catch (error) {
      await images.delete(image.key);
      throw error;
    }
    if (!replaced) {
      await images.delete(image.key);
      throw notFound();
    }
    auth.members.forget(member.id);
    await dropPrevious(request, replaced.previousKey);
    return replaced.member;
  });

  app.delete('/api/member/me/picture', async (request) => {
    const member = requireMember(request);
    const replaced = await replaceMemberPicture(db, member.id, null);
    if (!replaced) throw notFound();
    auth.members.forget(member.id);
    await dropPrevious(request, replaced.previousKey);
    return replaced.member;
  });
}
