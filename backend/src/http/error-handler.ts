import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

import { ApiError, MESSAGES, errorBody } from './errors';

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
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, error.message || MESSAGES.badRequest));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, MESSAGES.internal));
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send(errorBody(404, MESSAGES.notFound));
  });
}
