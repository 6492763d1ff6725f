import 'server-only';

import { getServerConfig, type ServerConfig } from '@/lib/config';

/** What the BFF derives from the validated server environment, computed once per configuration. */
export interface BffSettings {
  /** BACKEND_URL without a trailing slash; every upstream URL is this string plus a checked path. */
  backendBase: string;
  /**
   * Origin of BACKEND_URL: the upstream connection pool's address, and how upstream redirects that
   * point back at the backend are recognised.
   */
  backendOrigin: string;
  /** PUBLIC_URL without a trailing slash: the only origin the browser sees. */
  publicBase: string;
  /** x-forwarded-host / x-forwarded-proto sent upstream. */
  forwardedHost: string;
  forwardedProto: string;
  /** Cookies carry `Secure` iff the app is served over https. */
  secureCookies: boolean;
  /** Milliseconds to wait for upstream response headers before answering 504. */
  timeoutMs: number;
  /** BACKEND_URL's Host header and path prefix (no URL parsing per request). */
  backend: { host: string; pathPrefix: string };
}

let cachedFor: ServerConfig | undefined;
let cached: BffSettings | undefined;
let cachedEnv: [string | undefined, string | undefined, string | undefined] | undefined;

/**
 * The BFF settings for the current environment. Revalidated through getServerConfig only when one
 * of the three variables the BFF reads changes: this runs on every proxied request.
 */
export function bffSettings(): BffSettings {
  const env = process.env;
  const backendUrl = env.BACKEND_URL;
  const publicEnv = env.PUBLIC_URL;
  const timeout = env.BFF_UPSTREAM_TIMEOUT_MS;
  if (
    cached &&
    cachedEnv &&
    cachedEnv[0] === backendUrl &&
    cachedEnv[1] === publicEnv &&
    cachedEnv[2] === timeout
  ) {
    return cached;
  }
  const config = getServerConfig();
  cachedEnv = [backendUrl, publicEnv, timeout];
  if (config === cachedFor && cached) return cached;
  const backend = new URL(config.BACKEND_URL);
  const publicUrl = new URL(config.PUBLIC_URL);
  cached = {
    backendBase: config.BACKEND_URL.replace(/\/+$/, ''),
    backendOrigin: backend.origin,
    publicBase: config.PUBLIC_URL.replace(/\/+$/, ''),
    forwardedHost: publicUrl.host,
    forwardedProto: publicUrl.protocol.slice(0, -1),
    secureCookies: publicUrl.protocol === 'https:',
    timeoutMs: config.BFF_UPSTREAM_TIMEOUT_MS,
    backend: {
      /** The Host header: BACKEND_URL's host, as fetch would send it. */
      host: backend.host,
      pathPrefix: backend.pathname.replace(/\/+$/, ''),
    },
  };
  cachedFor = config;
  return cached;
}

type FetchFn = typeof fetch;

/**
 * The runtime's own fetch. Next patches `globalThis.fetch` for its data cache and tracing; the BFF
 * never wants either, and the patch costs time on every proxied request, so it is bypassed.
 */
export function upstreamFetch(): FetchFn {
  const current = globalThis.fetch as FetchFn & { _nextOriginalFetch?: FetchFn };
  return current._nextOriginalFetch ?? current;
}
