import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  importBodyPartsSchema,
  importLinksSchema,
  importUnitSchema,
} from '@/lib/contract/data-import';
import { BODY_LIMITS } from '@/lib/contract/limits';

import type { Db } from '../db/client';
import { requireMember } from '../http/auth-hook';
import { ApiError, MESSAGES } from '../http/errors';
import { fieldError } from '../http/reply';
import { type ImportChoices, previewImport, runImport } from './service';

/** Bytes of the `bodyParts` and `links` fields: hundreds of exercise names with their choices. */
const FIELD_BYTES = 512 * 1024;

interface ReceivedImport {
  file: Buffer;
  choices: ImportChoices;
}

/** A JSON field parsed with `schema`; a bad one is a 400 naming the field. */
function jsonField<T>(
  field: string,
  text: string,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  message: string,
): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fieldError(field, message);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fieldError(field, message);
  return parsed.data;
}

/** The `unit`, `bodyParts` and `links` fields, checked; a bad one is a 400 naming the field. */
function readChoices(
  unit: string | null,
  bodyParts: string | null,
  links: string | null,
): ImportChoices {
  const choices: ImportChoices = {};
  if (unit !== null && unit !== '') {
    const parsed = importUnitSchema.safeParse(unit);
    if (!parsed.success) throw fieldError('unit', IMPORT_MESSAGES.unit);
    choices.unit = parsed.data;
  }
  if (bodyParts !== null && bodyParts !== '') {
    let value: unknown;
    try {
      value = JSON.parse(bodyParts);
    } catch {
      throw fieldError('bodyParts', IMPORT_MESSAGES.bodyParts);
    }
    const parsed = importBodyPartsSchema.safeParse(value);
    if (!parsed.success) throw fieldError('bodyParts', IMPORT_MESSAGES.bodyParts);
    choices.bodyParts = parsed.data;
  }
  if (links !== null && links !== '') {
    choices.links = jsonField('links', links, importLinksSchema, IMPORT_MESSAGES.links);
  }
  return choices;
}

/**
 * `POST /api/member/import/preview` and `POST /api/member/import` (issue 16, additions to the
 * wire): a workout CSV from Strong, Hevy or our own export, read the same way by both; the
 * preview writes nothing, the import writes everything in one transaction.
 */
export async function importRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  // This plugin's own multipart parser (Fastify plugins are encapsulated): the whole body is read,
  // the file held in memory (at most IMPORT_LIMITS.fileBytes).
  await app.register(multipart, {
    limits: {
      fileSize: IMPORT_LIMITS.fileBytes,
      fieldSize: FIELD_BYTES,
      files: 1,
      parts: 10,
      headerPairs: 20,
    },
  });

  function isTooLarge(error: unknown): boolean {
    return error instanceof app.multipartErrors.RequestFileTooLargeError;
  }

  function isMultipartError(error: unknown): boolean {
    if (!(error instanceof Error)) return false;
    if (Object.values(app.multipartErrors).some((type) => error instanceof type)) return true;
    // busboy's own parse errors ("Unexpected end of form", …) are plain Errors.
    return error.constructor === Error && !('syscall' in error);
  }

  /** Reads the multipart body: the first `file` part's bytes, and the `unit` and `bodyParts` fields. */
  async function receive(request: FastifyRequest, reply: FastifyReply): Promise<ReceivedImport> {
    if (!request.isMultipart()) throw fieldError('file', IMPORT_MESSAGES.fileMissing);
    if (Number(request.headers['content-length']) > BODY_LIMITS.import) {
      reply.header('connection', 'close');
      throw new ApiError(413, IMPORT_MESSAGES.tooLarge);
    }
    let file: Buffer | null = null;
    let unit: string | null = null;
    let bodyParts: string | null = null;
    let links: string | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname === 'file' && file === null) file = await part.toBuffer();
          else part.file.resume();
        } else if (
          part.fieldname === 'unit' ||
          part.fieldname === 'bodyParts' ||
          part.fieldname === 'links'
        ) {
          const value = typeof part.value === 'string' ? part.value : '';
          if (part.valueTruncated) throw fieldError(part.fieldname, MESSAGES.payloadTooLarge);
          if (part.fieldname === 'unit') unit ??= value;
          else if (part.fieldname === 'bodyParts') bodyParts ??= value;
          else links ??= value;
        }
      }
    } catch (error) {
      if (!request.raw.destroyed) request.raw.resume(); // so the answer reaches the client
      if (isTooLarge(error)) throw new ApiError(413, IMPORT_MESSAGES.tooLarge);
      if (error instanceof ApiError) throw error;
      if (isMultipartError(error)) {
        request.log.info({ err: error }, 'malformed multipart body');
        throw new ApiError(400, MESSAGES.badRequest);
      }
      throw error;
    }
    if (file === null) throw fieldError('file', IMPORT_MESSAGES.fileMissing);
    return { file, choices: readChoices(unit, bodyParts, links) };
  }

  app.post('/api/member/import/preview', async (request, reply) => {
    const member = requireMember(request);
    const { file, choices } = await receive(request, reply);
    return previewImport(db, member.id, file, choices);
  });

  app.post('/api/member/import', async (request, reply) => {
    const member = requireMember(request);
    const { file, choices } = await receive(request, reply);
    return runImport(db, member.id, file, choices);
  });
}
