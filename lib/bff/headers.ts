import 'server-only';

import type { IncomingHttpHeaders } from 'node:http';

import type { BffSettings } from './settings';
import type { UpstreamSpan } from './tracing';

/**
 * Header policy of the BFF: an allow-list towards the backend (nothing Next-internal, no
 * Authorization, no client-chosen Host, no client-chosen trace context), hop-by-hop headers
 * stripped both ways, x-forwarded-*, the BFF's own `traceparent`.
 */

/** Request headers passed to the backend when present. */
export const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'cache-control',
  'content-type',
  'content-length',
  'cookie',
  // The offline queue's writes (issue 15): a retry is applied once, and creating writes answer
  // the rows they made.
  'idempotency-key',
  'if-match',
  'if-modified-since',
  'if-none-match',
  'if-range',
  'if-unmodified-since',
  'origin',
  'pragma',
  'prefer',
  'range',
  'referer',
  'user-agent',
  'x-requested-with',
] as const;

/** RFC 9110 §7.6.1 connection-specific headers, plus the de-facto ones. */
export const HOP_BY_HOP_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Extra names a `Connection` header declares hop-by-hop (`Connection: close` names none). */
function connectionTokens(value: string | null | undefined): string[] | undefined {
  if (!value) return undefined;
  const lower = value.toLowerCase();
  if (lower === 'keep-alive' || lower === 'close') return undefined;
  const tokens = lower
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
  return tokens.length ? tokens : undefined;
}

/**
 * Headers for the upstream request, as a flat `[name, value, …]` list (node:http's raw form,
 * which skips per-header re-validation: the values come from an already validated `Headers`).
 * `cookie` overrides the incoming Cookie header (after a refresh); null drops it. Upstream
 * compression is declined: the hop is local, and Next drops Content-Encoding from route handler
 * answers (it assumes fetch decoded the body). `trace` is the call's trace context (tracing.ts);
 * a browser's `traceparent`/`tracestate` never pass.
 */
export function upstreamRequestHeaders(
  incoming: Headers,
  settings: BffSettings,
  cookie?: string | null,
  trace?: UpstreamSpan,
): string[] {
  const hop = connectionTokens(incoming.get('connection'));
  const out: string[] = ['host', settings.backend.host];
  for (const name of FORWARDED_REQUEST_HEADERS) {
    if (name === 'cookie' && cookie !== undefined) continue;
    const value = incoming.get(name);
    // Origin is end-to-end whatever `Connection` says: the backend's CSRF check (a write from a
    // foreign Origin is 403) must see it, or `Connection: origin` would carry a foreign Origin's write past it.
    if (value !== null && (name === 'origin' || !(hop && hop.includes(name)))) {
      out.push(name, value);
    }
  }
  if (cookie) out.push('cookie', cookie);
  const forwardedFor = incoming.get('x-forwarded-for');
  if (forwardedFor) out.push('x-forwarded-for', forwardedFor);
  out.push(
    'x-forwarded-host',
    settings.forwardedHost,
    'x-forwarded-proto',
    settings.forwardedProto,
    'accept-encoding',
    'identity',
  );
  if (trace) {
    out.push('traceparent', trace.traceparent);
    if (trace.tracestate) out.push('tracestate', trace.tracestate);
  }
  return out;
}

/**
 * The browser-facing headers of an upstream answer, in one pass: hop-by-hop headers (and those
 * the upstream `Connection` names) dropped, `Set-Cookie` left to the caller (`set-cookie` is
 * skipped), `Location` passed through `mapLocation`.
 */
export function browserResponseHeaders(
  upstream: IncomingHttpHeaders,
  mapLocation: (location: string) => string,
): Headers {
  const headers = new Headers();
  const hop = connectionTokens(upstream.connection);
  for (const name in upstream) {
    if (name === 'set-cookie' || HOP_BY_HOP_HEADERS.has(name)) continue;
    if (hop && hop.includes(name)) continue;
    const value = upstream[name];
    if (value === undefined) continue;
    if (typeof value === 'string') {
      headers.append(name, name === 'location' ? mapLocation(value) : value);
    } else {
      for (const item of value) headers.append(name, item);
    }
  }
  return headers;
}
