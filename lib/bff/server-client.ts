import 'server-only';

import { cookies } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import type * as z from 'zod/mini';

import { newTraceId } from '@/lib/shared/tracing/traceparent';

import { backendGet } from './backend-get';
import { ACCESS_TOKEN_COOKIE, withCookies } from './cookies';
import { LOGIN_PATH } from './page-rules';
import {
  freshSessionAtEdge,
  readRequestSession,
  refreshAtEdge,
  type RequestSession,
} from './session-edge';
import { bffSettings } from './settings';
import { currentTraceId } from './tracing';

/**
 * The backend as server components see it (pages read their first view on the server): a GET
 * with the incoming request's cookies, the BFF's single-flight refresh, and the `lib/contract`
 * schema of the answer. Failures become what the page should show:
 * - 404 → `notFound()` (the route's not-found screen);
 * - 403 → `AccessDeniedError`, which the page turns into its access-denied screen;
 * - 401 after a refresh attempt → a redirect to /login;
 * - anything else (backend down, timeout, 5xx, an answer of the wrong shape) → `BackendReadError`,
 *   which the segment's error boundary shows with a retry button.
 *
 * proxy.ts has already refreshed an expired access token before the page renders and handed the
 * new cookies to this request, so the refresh here is a fallback for a token that expired in
 * between; it shares proxy.ts's flight (the same refresh token gets the same new tokens), so the
 * browser, which receives the cookies from proxy.ts, stays in step with the backend's rotation.
 */

/** The backend answered 403: the caller may not see this (a stranger's calendar). */
export class AccessDeniedError extends Error {
  constructor(readonly path: string) {
    super(`access denied: GET ${path}`);
    this.name = 'AccessDeniedError';
  }
}

/**
 * A read that failed for a reason the member cannot fix by signing in: the error boundary's case.
 * Its message names the read's trace id, which the backend's log lines of the read carry too.
 */
export class BackendReadError extends Error {
  readonly traceId: string | undefined;

  constructor(
    readonly path: string,
    readonly status: number,
    options?: { cause?: unknown; traceId?: string },
  ) {
    const trace = options?.traceId ? ` trace_id=${options.traceId}` : '';
    super(`backend read failed: GET ${path} (${status || 'no answer'})${trace}`, options);
    this.name = 'BackendReadError';
    this.traceId = options?.traceId;
  }
}

/** True for the error a 403 read throws. */
export function isAccessDenied(error: unknown): error is AccessDeniedError {
  return error instanceof AccessDeniedError;
}

/** The request's session cookies, as the edge step reads them (lib/bff/session-edge.ts). */
async function requestSession(): Promise<RequestSession> {
  return readRequestSession((await cookies()).toString());
}

/**
 * The access token to send: the cookie's when fresh, else one from the edge's refresh (which
 * shares proxy.ts's flight). A refused refresh keeps the old token: the backend then answers 401,
 * which sends the member to /login.
 */
async function usableAccessToken(session: RequestSession): Promise<string | undefined> {
  const refreshed = await freshSessionAtEdge(session, bffSettings().secureCookies);
  return refreshed?.kind === 'refreshed' ? refreshed.accessToken : session.access;
}

/**
 * With tracing off, one made-up trace id per server render (React's per-request cache): every
 * read of one page shares it in the backend's logs. With tracing on, Next's span of the request
 * is the trace.
 */
const renderTraceId = cache(newTraceId);

async function send(path: string, cookieHeader: string, traceId: string): Promise<Response> {
  try {
    return await backendGet(path, cookieHeader, traceId);
  } catch (error) {
    throw new BackendReadError(path, 0, { cause: error, traceId });
  }
}

/** True for the original backend's way of saying "not signed in" on /api (a redirect), or 401. */
function isUnauthenticated(status: number): boolean {
  return status === 401 || (status >= 300 && status < 400);
}

/**
 * GET `path` (a backend path with its query) as the member behind this request, parsed with
 * `schema`. Never returns for 401/403/404 (see the module comment).
 */
export async function readBackend<S extends z.ZodMiniType>(
  path: string,
  schema: S,
): Promise<z.output<S>> {
  const result = await readBackendOrMissing(path, schema);
  if (result === MISSING) notFound();
  return result;
}

const MISSING = Symbol('missing');

/** Like readBackend, but a 404 answers null (a record that may be gone, like a day's log). */
export async function readBackendOrNull<S extends z.ZodMiniType>(
  path: string,
  schema: S,
): Promise<z.output<S> | null> {
  const result = await readBackendOrMissing(path, schema);
  return result === MISSING ? null : result;
}

async function readBackendOrMissing<S extends z.ZodMiniType>(
  path: string,
  schema: S,
): Promise<z.output<S> | typeof MISSING> {
  const session = await requestSession();
  const traceId = currentTraceId(renderTraceId);
  let access = await usableAccessToken(session);
  let response = await send(
    path,
    withCookies(session.cookieHeader, { [ACCESS_TOKEN_COOKIE]: access }),
    traceId,
  );

  if (isUnauthenticated(response.status) && session.refresh) {
    // The token looked fresh but was refused (signed with an old key, or revoked): one refresh.
    await response.body?.cancel().catch(() => undefined);
    const refreshed = await refreshAtEdge(session, bffSettings().secureCookies);
    if (refreshed.kind === 'refreshed' && refreshed.accessToken !== access) {
      access = refreshed.accessToken;
      response = await send(
        path,
        withCookies(session.cookieHeader, { [ACCESS_TOKEN_COOKIE]: access }),
        traceId,
      );
    }
  }

  const { status } = response;
  if (status >= 200 && status < 300) {
    let body: unknown;
    try {
      const text = await response.text();
      body = text === '' ? null : JSON.parse(text);
    } catch (error) {
      throw new BackendReadError(path, status, { cause: error, traceId });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new BackendReadError(path, status, { cause: parsed.error, traceId });
    }
    return parsed.data;
  }
  await response.body?.cancel().catch(() => undefined);
  if (isUnauthenticated(status)) redirect(LOGIN_PATH);
  if (status === 403) throw new AccessDeniedError(path);
  if (status === 404) return MISSING;
  throw new BackendReadError(path, status, { traceId });
}
