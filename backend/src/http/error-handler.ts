import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { $ZodError } from 'zod/v4/core';

import { hasNul } from '@/lib/contract/text';

import { ApiError, errorBody, MESSAGES, TooManyRequestsError } from './errors';
import { firstField } from './text-check';

/** PostgreSQL's SQLSTATE for a foreign key violation. */
const FOREIGN_KEY_VIOLATION = '23503';
/** PostgreSQL's SQLSTATE for a character text cannot hold (NUL, U+0000). */
const CHARACTER_NOT_IN_REPERTOIRE = '22021';

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

function zodFieldErrors(error: $ZodError): Record<string, string> {
  const data: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    data[field] ??= issue.message;
  }
  return data;
}

/** The first query or JSON body field (dotted path) whose string holds NUL. */
function fieldWithNul(request: FastifyRequest): string | null {
  return firstField(request.query, 'query', hasNul) ?? firstField(request.body, 'body', hasNul);
}

/**
 * Any other Fastify error as the JSON error body: a 4xx keeps its status with a Korean message, the
 * rest is 500. Also Fastify's router errors (a malformed percent escape, an over-long path
 * parameter), which are answered before hooks and the error handler run.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Framework reasons are English and technical: log them, answer in the members' language.
    request.log.info({ reason: error.message, status }, 'client error');
    reply.status(status).send(errorBody(status, clientErrorMessage(status)));
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  reply.status(500).send(errorBody(500, MESSAGES.internal));
}

/**
 * Every error and every unknown route answers with the JSON error body; client mistakes (bad JSON,
 * unsupported media type, oversized body, failed validation) stay 4xx.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | $ZodError, request, reply) => {
    if (error instanceof TooManyRequestsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.location) return reply.redirect(error.location, 302);
    }
    if (error instanceof ApiError) {
      return reply.status(error.status).send(errorBody(error.status, error.message, error.data));
    }
    // `$ZodError`, not classic `ZodError`: the shared contract is built with zod/mini, whose parse
    // errors are core errors; classic errors extend it too.
    if (error instanceof $ZodError) {
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
    // Text the database cannot store (NUL in a name, a search, …) is the client's mistake.
    if (sqlState(error) === CHARACTER_NOT_IN_REPERTOIRE) {
      const field = fieldWithNul(request);
      return reply
        .status(400)
        .send(
          field
            ? errorBody(400, MESSAGES.validation, { [field]: MESSAGES.invalidCharacter })
            : errorBody(400, MESSAGES.badRequest),
        );
    }
    return frameworkErrors(error, request, reply);
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send(errorBody(404, MESSAGES.notFound));
  });
}

/** How long a refused connection may take to read its answer before it is closed outright. */
const CLIENT_ERROR_LINGER_MS = 2000;

/** Connections already answered: the failed parser reports again on every later read. */
const answered = new WeakSet<Socket>();

/** The status Node's HTTP server gives a request its parser refused (as its own default does). */
function clientErrorStatus(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

function clientErrorText(status: number): string {
  if (status === 431) return MESSAGES.headersTooLarge;
  if (status === 413) return MESSAGES.payloadTooLarge;
  if (status === 408) return MESSAGES.requestTimeout;
  return MESSAGES.badRequest;
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses before Fastify sees it
 * (headers over the limit, a malformed request line or header, bad framing, a header timeout) is
 * answered with the JSON error body instead of a bare status line, then the connection is closed.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: ConnectionError,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  const status = clientErrorStatus(error.code);
  this.log.info({ reason: error.message, code: error.code, status }, 'client error');
  // Nothing is written into an answer already under way on this connection (as Node does).
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy(error);
    return;
  }
  answered.add(socket);
  const body = JSON.stringify(errorBody(status, clientErrorText(status)));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
  // Ended, not destroyed: closing with the rest of the request unread would reset the connection
  // and lose the answer. Whatever still arrives is read and dropped until the client closes.
  socket.resume();
  setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
}
