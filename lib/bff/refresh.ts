import 'server-only';

import { recordRefresh, recordUpstream, statusClass } from '@/lib/metrics/bff-metrics';

import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, setCookieNameValue } from './cookies';
import { bffSettings, upstreamFetch } from './settings';
import { startUpstreamSpan, traceHeaders } from './tracing';

/**
 * Single-flight token refresh, shared by the BFF route handlers and proxy.ts.
 *
 * One POST /api/token/refresh per refresh-token value at a time: concurrent callers with the same
 * token await the same promise, and a settled answer is kept for a few seconds so that stragglers
 * still holding the old cookie get the same new tokens instead of replaying a rotated token
 * (the original backend would answer 401 to the replay and log the user out).
 */

export type RefreshOutcome =
  /** 200: the backend's Set-Cookie lines (not yet rewritten) and the new token values. */
  | { kind: 'refreshed'; setCookies: string[]; accessToken?: string; refreshToken?: string }
  /** 4xx: the refresh token is not accepted; the session is over. */
  | { kind: 'rejected'; status: number }
  /** Backend unreachable, timed out or 5xx: nothing is known about the session. */
  | { kind: 'unavailable'; status: number };

/** How long a settled refresh is reused for stragglers presenting the same old token. */
export const REFRESH_REUSE_MS = 5_000;

interface Flight {
  promise: Promise<RefreshOutcome>;
  settledAt?: number;
}

// On globalThis so proxy.ts and the route handlers, which Next bundles separately, share one map
// when they run in the same process.
const STORE_KEY = Symbol.for('everyhealth.bff.refresh-flights');
const globalStore = globalThis as typeof globalThis & { [STORE_KEY]?: Map<string, Flight> };
const flights: Map<string, Flight> = (globalStore[STORE_KEY] ??= new Map());

/** Forgets every in-flight and settled refresh (tests). */
export function resetRefreshFlights(): void {
  flights.clear();
}

/** One refresh call, counted by outcome (bff_token_refreshes_total). */
async function postRefresh(refreshToken: string): Promise<RefreshOutcome> {
  const outcome = await callRefresh(refreshToken);
  recordRefresh(outcome.kind);
  return outcome;
}

async function callRefresh(refreshToken: string): Promise<RefreshOutcome> {
  const settings = bffSettings();
  const started = performance.now();
  // Shared by every request waiting on this refresh: its span belongs to the one that started it.
  const span = startUpstreamSpan('POST', settings.backendOrigin, '/api/token/refresh');
  let response: Response;
  try {
    response = await upstreamFetch()(`${settings.backendBase}/api/token/refresh`, {
      method: 'POST',
      headers: {
        accept: '*/*',
        cookie: `${REFRESH_TOKEN_COOKIE}=${refreshToken}`,
        'accept-encoding': 'identity',
        'x-forwarded-host': settings.forwardedHost,
        'x-forwarded-proto': settings.forwardedProto,
        ...traceHeaders(span),
      },
      redirect: 'manual',
      cache: 'no-store',
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
    recordUpstream('refresh', timedOut ? 'timeout' : 'network', seconds(started));
    span.end(undefined, error);
    return { kind: 'unavailable', status: 502 };
  }
  recordUpstream('refresh', statusClass(response.status), seconds(started));
  span.end(response.status);
  // The body (a short text) is not needed; release the connection.
  await response.body?.cancel().catch(() => undefined);
  const { status } = response;
  if (status >= 200 && status < 300) {
    const setCookies = response.headers.getSetCookie();
    let accessToken: string | undefined;
    let nextRefresh: string | undefined;
    for (const line of setCookies) {
      const { name, value } = setCookieNameValue(line);
      if (name === ACCESS_TOKEN_COOKIE) accessToken = value;
      else if (name === REFRESH_TOKEN_COOKIE) nextRefresh = value;
    }
    if (!accessToken) return { kind: 'rejected', status: 401 };
    return { kind: 'refreshed', setCookies, accessToken, refreshToken: nextRefresh };
  }
  // A redirect here is Spring's way of saying "not signed in"; 4xx is a refusal.
  if (status < 500) return { kind: 'rejected', status };
  return { kind: 'unavailable', status };
}

const seconds = (started: number) => (performance.now() - started) / 1000;

/**
 * Refreshes the session held by `refreshToken`, sharing one upstream call among concurrent and
 * just-late callers. Never throws.
 */
export function refreshSession(refreshToken: string): Promise<RefreshOutcome> {
  const existing = flights.get(refreshToken);
  if (
    existing &&
    (existing.settledAt === undefined || Date.now() - existing.settledAt < REFRESH_REUSE_MS)
  ) {
    return existing.promise;
  }
  const flight: Flight = { promise: undefined as unknown as Promise<RefreshOutcome> };
  flight.promise = postRefresh(refreshToken).then((outcome) => {
    flight.settledAt = Date.now();
    if (outcome.kind === 'unavailable') {
      // Do not pin a transient failure; the next request may try again.
      if (flights.get(refreshToken) === flight) flights.delete(refreshToken);
    } else {
      const timer = setTimeout(() => {
        if (flights.get(refreshToken) === flight) flights.delete(refreshToken);
      }, REFRESH_REUSE_MS);
      timer.unref?.();
    }
    return outcome;
  });
  flights.set(refreshToken, flight);
  return flight.promise;
}
