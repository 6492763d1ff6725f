import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

import { ApiError, MESSAGES, errorBody } from './errors';

/** PostgreSQL's SQLSTATE for a foreign key violation. */
const FOREIGN_KEY_VIOLATION = '23503';

/** The SQLSTATE of a database error, also when Drizzle wraps it (`cause`). */
function sqlState(error: unknown): unknown {
  const outer = error as { code?: unknown; cause?: { code?: unknown } };
  return outer.cause?.code ?? outer.code;
}

function clientErrorMessage(status: number): string {
  if (status === 404) return MESSAGES.notFound;
  if (status === 413) return MESSAGES.payloadTooLarge;
  if (status === 415) return MESSAGES.unsupportedMediaType;
  return MESSAGES.badRequest;
}

function zodFieldErrors(error: ZodError): Record<string, string> {
  const data: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    data[field] ??= issue.message;
  }
  return data;
}

/**
 * Every error and every unknown route answers with the §4 error body; client mistakes (bad JSON,
 * unsupported media type, oversized body, failed validation) stay 4xx.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | ZodError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send(errorBody(error.status, error.message, error.data));
    }
    if (error instanceof ZodError) {
      return reply.status(400).send(errorBody(400, MESSAGES.validation, zodFieldErrors(error)));
    }
    if (error.validation) {
      const data: Record<string, string> = {};
      for (const item of error.validation) {
        const field =
          item.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          String(item.params?.missingProperty ?? 'body');
        data[field] ??= item.message ?? MESSAGES.validation;
      }
      return reply.status(400).send(errorBody(400, MESSAGES.validation, data));
    }
    // A row that vanished between a read and a write (e.g. a club deleted while someone joins).
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) {
      return reply.status(404).send(errorBody(404, MESSAGES.notFound));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Framework reasons are English and technical: log them, answer in the members' language.
      request.log.info({ reason: error.message, status }, 'client error');
      return reply.status(status).send(errorBody(status, clientErrorMessage(status)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, MESSAGES.internal));
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send(errorBody(404, MESSAGES.notFound));
  });
}
