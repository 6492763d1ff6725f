/*
 * Zod-free on purpose: components and hooks of every page's first render test errors with these,
 * while the client that throws them loads on first use (./load.ts). parseErrorBody, which needs a
 * schema, lives with the client.
 */
import type { ErrorBody } from '@/lib/contract/errors';
import { messages } from '@/lib/i18n/messages';

/**
 * Why a request failed:
 * - `http`: the server answered with a non-2xx status;
 * - `token-expired`: rejected locally while `needTokenRefresh` is set (401-like);
 * - `unauthenticated`: rejected locally because nobody is signed in;
 * - `network`: the server could not be reached;
 * - `invalid-response`: a 2xx answer whose body did not match the expected schema.
 */
export type ApiErrorKind =
  'http' | 'token-expired' | 'unauthenticated' | 'network' | 'invalid-response';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status: number;
  message: string;
  url: string;
  method: string;
  body?: ErrorBody | null;
  raw?: unknown;
  cause?: unknown;
  /** The answer's `Retry-After`, in seconds. */
  retryAfterSeconds?: number | null;
}

/** Error thrown by lib/api: the HTTP status (0 when none), and the parsed error body when there is one. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly url: string;
  readonly method: string;
  /** The backend's JSON error body (`code`, `message`, `data`…), when the response carried one. */
  readonly body: ErrorBody | null;
  /** The response body as received (parsed JSON or text), when it was not an error body. */
  readonly raw: unknown;
  /** Seconds the answer's `Retry-After` asks to wait (a 429, a 503), or null. */
  readonly retryAfterSeconds: number | null;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.url = init.url;
    this.method = init.method;
    this.body = init.body ?? null;
    this.raw = init.raw;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }

  /** Field errors of a 400 validation answer (`{field: message}`), or an empty object. */
  get fieldErrors(): Record<string, string> {
    return this.body?.data ?? {};
  }
}

/** True for an ApiError (or anything shaped like one from another realm). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when a request failed because the server answered with exactly `status`. */
export function isHttpStatus(error: unknown, status: number): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === status;
}

/** True when a request was cancelled through its AbortSignal. */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    ((error as { name: unknown }).name === 'AbortError' ||
      (error as { name: unknown }).name === 'TimeoutError')
  );
}

/** True when a call failed because the caller is not a friend (403). */
export function isForbidden(error: unknown): boolean {
  return isHttpStatus(error, 403);
}

/** True when the request got no answer at all (no connection, server unreachable). */
export function isNetworkError(error: unknown): boolean {
  return isApiError(error) && error.kind === 'network';
}

/**
 * A `Retry-After` header in seconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when
 * absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** True when the server refused for now: over a rate limit or the daily upload quota (429). */
export function isRateLimited(error: unknown): error is ApiError {
  return isHttpStatus(error, 429);
}

/**
 * What to tell the member about a 429: the server's own message (it names the wait), else a
 * general one with the wait from `Retry-After`; null for any other failure.
 */
export function rateLimitMessage(error: unknown): string | null {
  if (!isRateLimited(error)) return null;
  if (error.body?.message) return error.body.message;
  const seconds = error.retryAfterSeconds;
  return messages.app.tooManyRequests(seconds === null ? null : messages.app.wait(seconds));
}
