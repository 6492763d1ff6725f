import type { FastifyReply } from 'fastify';
import { z } from 'zod';

import { idSchema } from '@/lib/contract/common';

import { ApiError, MESSAGES } from './errors';

/** A plain-text, unquoted success body, as the original Spring backend's `String` answers. */
export function sendText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.status(status).type('text/plain; charset=utf-8').send(text);
}

/** Parses numeric path parameters; a non-numeric one is 400 with `{name: message}`. */
export function idParams<const K extends string>(
  params: unknown,
  ...names: K[]
): Record<K, number> {
  const shape = Object.fromEntries(names.map((name) => [name, idSchema])) as Record<
    K,
    typeof idSchema
  >;
  return z.object(shape).parse(params) as Record<K, number>;
}

/** 404 with the standard message: unknown ids and other members' ids look the same. */
export function notFound(): ApiError {
  return new ApiError(404, MESSAGES.notFound);
}

/** 400 for a field, with the JSON error body. */
export function fieldError(field: string, message: string): ApiError {
  return new ApiError(400, MESSAGES.validation, { [field]: message });
}
