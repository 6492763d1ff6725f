import type * as z from 'zod/mini';

import { type ErrorBody, errorBodySchema } from '@/lib/contract/errors';
import { messages } from '@/lib/i18n/messages';

import { ApiError, isAbortError, isNetworkError, parseRetryAfter } from './errors';
import { dispatchUnauthorized } from './events';
import { GOOGLE_AUTHORIZATION_PATH, LOGIN_CHECK_PATH, TOKEN_REFRESH_PATH } from './keys';
import { getSessionSnapshot, runRefresh } from './session-bridge';

/**
 * The browser's only fetch wrapper: nothing else in the browser calls `fetch`. Every call is
 * same-origin and sends cookies. It applies the request guard:
 * - while `needTokenRefresh` is set, everything but the refresh call is rejected locally as a
 *   401-like error (`토큰이 만료되었습니다.`) and the URL is logged;
 * - when nobody is signed in, only the public paths below go out; anything else fires
 *   `auth:unauthorized` and fails with `인증되지 않은 요청입니다.`;
 * - a 401 (real or local) is retried once per request after a refresh; a failed or throwing
 *   refresh fires `auth:unauthorized`;
 * - cancelled requests (AbortError) pass through unchanged.
 */

/** Paths that may be requested while nobody is signed in. */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  LOGIN_CHECK_PATH,
  TOKEN_REFRESH_PATH,
  '/login',
  GOOGLE_AUTHORIZATION_PATH,
]);

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions extends Omit<RequestInit, 'body' | 'method' | 'credentials'> {
  method?: HttpMethod;
  /** Query parameters; null and undefined values are left out. */
  query?: Query;
  /** A JSON body (serialized, with `Content-Type: application/json`). */
  json?: unknown;
  /** A raw body (FormData, string, Blob…); ignored when `json` is given. */
  body?: BodyInit | null;
}

/** Builds a same-origin URL from a path (must start with `/`) and query parameters. */
export function buildUrl(path: string, query?: Query): string {
  if (!path.startsWith('/') || path.startsWith('//')) {
    throw new Error(`lib/api only calls same-origin paths, got: ${path}`);
  }
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function pathnameOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function toInit(options: Omit<RequestOptions, 'query'>): RequestInit {
  const { json, body, headers, method, ...rest } = options;
  const init: RequestInit = { ...rest, method: method ?? 'GET', credentials: 'include' };
  const merged = new Headers(headers);
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    if (!merged.has('Content-Type')) merged.set('Content-Type', 'application/json');
  } else if (body !== undefined) {
    init.body = body;
  }
  if (!merged.has('Accept')) merged.set('Accept', 'application/json, text/plain, */*');
  init.headers = merged;
  return init;
}

/** Reads a body as JSON when possible, else as text; an empty body is null. */
export async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isAbortError(error)) throw error;
    return null;
  }
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Parses a backend error body; null when the value is not one. */
export function parseErrorBody(value: unknown): ErrorBody | null {
  const parsed = errorBodySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

async function httpError(response: Response, url: string, method: string): Promise<ApiError> {
  const raw = await readBody(response);
  const body = parseErrorBody(raw);
  return new ApiError({
    kind: 'http',
    status: response.status,
    message: body?.message ?? `HTTP ${response.status}`,
    url,
    method,
    body,
    raw: body ? undefined : raw,
    retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
  });
}

async function execute(path: string, options: RequestOptions, retried: boolean): Promise<Response> {
  const { query, ...sendOptions } = options;
  const url = buildUrl(path, query);
  const pathname = pathnameOf(url);
  const method = options.method ?? 'GET';
  const session = getSessionSnapshot();

  if (session.needTokenRefresh && pathname !== TOKEN_REFRESH_PATH) {
    console.warn(`${messages.guard.tokenExpired} ${method} ${url}`);
    const expired = new ApiError({
      kind: 'token-expired',
      status: 401,
      message: messages.guard.tokenExpired,
      url,
      method,
    });
    return retryAfterRefresh(expired, path, options, retried);
  }

  if (!session.isAuthenticated && !PUBLIC_PATHS.has(pathname)) {
    dispatchUnauthorized();
    throw new ApiError({
      kind: 'unauthenticated',
      status: 401,
      message: messages.guard.unauthenticated,
      url,
      method,
    });
  }

  let response: Response;
  try {
    response = await fetch(url, toInit(sendOptions));
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError({
      kind: 'network',
      status: 0,
      message: messages.app.backendDown,
      url,
      method,
      cause: error,
    });
  }

  if (response.ok) return response;
  const error = await httpError(response, url, method);
  // The refresh call itself never triggers a refresh.
  if (response.status === 401 && pathname !== TOKEN_REFRESH_PATH) {
    return retryAfterRefresh(error, path, options, retried);
  }
  throw error;
}

async function retryAfterRefresh(
  error: ApiError,
  path: string,
  options: RequestOptions,
  retried: boolean,
): Promise<Response> {
  // One retry per request: a second 401 fails without another refresh.
  if (retried) throw error;
  let refreshed = false;
  try {
    refreshed = await runRefresh();
  } catch (refreshError) {
    // No connection: the refresh could not be tried, which does not end the session (the
    // request fails as offline, and the next one tries the refresh again).
    if (isNetworkError(refreshError)) throw refreshError;
    console.error(messages.guard.refreshFailed, refreshError);
    dispatchUnauthorized();
    throw error;
  }
  if (!refreshed) {
    console.error(messages.guard.refreshFailed);
    dispatchUnauthorized();
    throw error;
  }
  return execute(path, options, true);
}

/**
 * Sends a request through the guard; resolves with the 2xx Response, rejects with an ApiError
 * (or the AbortError of a cancelled request).
 */
export function request(path: string, options: RequestOptions = {}): Promise<Response> {
  return execute(path, options, false);
}

/** Sends a request and returns its body: JSON parsed (and validated when a schema is given), text, or null. */
export async function requestJson<S extends z.ZodMiniType>(
  path: string,
  options: RequestOptions & { schema: S },
): Promise<z.output<S>>;
export async function requestJson<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
export async function requestJson(
  path: string,
  options: RequestOptions & { schema?: z.ZodMiniType } = {},
): Promise<unknown> {
  const { schema, ...rest } = options;
  const response = await request(path, rest);
  const data = await readBody(response);
  if (!schema) return data;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({
      kind: 'invalid-response',
      status: response.status,
      message: `Unexpected response from ${path}`,
      url: buildUrl(path, rest.query),
      method: rest.method ?? 'GET',
      raw: data,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

type Options = Omit<RequestOptions, 'method' | 'json'>;

/** Method shorthands over `requestJson`; `body` of post/put/patch is sent as JSON. */
export const api = {
  get: <T = unknown>(path: string, options?: Options) =>
    requestJson<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, json?: unknown, options?: Options) =>
    requestJson<T>(path, { ...options, method: 'POST', json }),
  put: <T = unknown>(path: string, json?: unknown, options?: Options) =>
    requestJson<T>(path, { ...options, method: 'PUT', json }),
  patch: <T = unknown>(path: string, json?: unknown, options?: Options) =>
    requestJson<T>(path, { ...options, method: 'PATCH', json }),
  delete: <T = unknown>(path: string, options?: Options) =>
    requestJson<T>(path, { ...options, method: 'DELETE' }),
};
