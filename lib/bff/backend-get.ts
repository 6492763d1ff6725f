import 'server-only';

import { recordUpstream, statusClass } from '@/lib/metrics/bff-metrics';

import { bffSettings, upstreamFetch } from './settings';
import { startUpstreamSpan, traceHeaders } from './tracing';

/**
 * A GET of a backend path (with its query) as the server itself makes it: JSON accepted, the given
 * Cookie header, the app's forwarded host and scheme, redirects left to the caller, no cache, the
 * BFF's upstream timeout, and a `traceparent` (tracing.ts; with tracing off it joins `traceId`
 * when given). A connection that fails before any answer (a kept-alive one closed as the request
 * went out: a balancer reloading, an instance stopping) is tried once more, as forward.ts does.
 * Rejects when the backend cannot be reached in time. Shared by the server
 * components' reads (server-client.ts) and proxy.ts's session check (session-check.ts).
 */
export async function backendGet(
  path: string,
  cookieHeader: string,
  traceId?: string,
): Promise<Response> {
  const settings = bffSettings();
  const started = performance.now();
  const timed = (outcome: Parameters<typeof recordUpstream>[1]) =>
    recordUpstream('read', outcome, (performance.now() - started) / 1000);
  const span = startUpstreamSpan('GET', settings.backendOrigin, path, traceId);
  const signal = AbortSignal.timeout(settings.timeoutMs);
  const get = () =>
    upstreamFetch()(`${settings.backendBase}${path}`, {
      headers: {
        accept: 'application/json',
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        'x-forwarded-host': settings.forwardedHost,
        'x-forwarded-proto': settings.forwardedProto,
        ...traceHeaders(span),
      },
      redirect: 'manual',
      cache: 'no-store',
      signal,
    });
  try {
    let response: Response;
    try {
      response = await get();
    } catch (error) {
      // Out of time (or aborted): no second try; a network failure: one more, within the time left.
      if (signal.aborted) throw error;
      response = await get();
    }
    timed(statusClass(response.status));
    span.end(response.status);
    return response;
  } catch (error) {
    timed((error as { name?: unknown } | null)?.name === 'TimeoutError' ? 'timeout' : 'network');
    span.end(undefined, error);
    throw error;
  }
}
