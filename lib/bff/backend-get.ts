import 'server-only';
import { recordUpstream, statusClass } from '@/lib/metrics/bff-metrics';
import { bffSettings, upstreamFetch } from './settings';

/**
 * A GET of a backend path (with its query) as the server itself makes it: JSON accepted, the given
 * Cookie header, the app's forwarded host and scheme, redirects left to the caller, no cache, and
 * the BFF's upstream timeout. Rejects when the backend cannot be reached in time. Shared by the
 * server components' reads (server-client.ts) and proxy.ts's session check (session-check.ts).
 */
export function backendGet(path: string, cookieHeader: string): Promise<Response> {
  const settings = bffSettings();
  const started = performance.now();
  const timed = (outcome: Parameters<typeof recordUpstream>[1]) =>
    recordUpstream('read', outcome, (performance.now() - started) / 1000);
  return upstreamFetch()(`${settings.backendBase}${path}`, {
    headers: {
      accept: 'application/json',
      ...(cookieHeader ? { cookie: cookieHeader } : {}),
      'x-forwarded-host': settings.forwardedHost,
      'x-forwarded-proto': settings.forwardedProto,
    },
    redirect: 'manual',
    cache: 'no-store',
    signal: AbortSignal.timeout(settings.timeoutMs),
  }).then(
    (response) => {
      timed(statusClass(response.status));
      return response;
    },
    (error: unknown) => {
      timed((error as { name?: unknown } | null)?.name === 'TimeoutError' ? 'timeout' : 'network');
      throw error;
    },
  );
}
