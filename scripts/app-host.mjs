/**
 * Where `next start` (and `next dev`) listen, chosen by scripts/start.mjs.
 *
 * The development sign-in lets anyone who reaches the app sign in as any member. The backend runs
 * it when no Google sign-in is configured and PUBLIC_URL is a loopback address, or when DEV_SIGN_IN
 * says so (backend/src/config.ts, `devSignIn`). In the first case nobody but this machine is meant
 * to use the app, yet Next listens on every interface by default, so a peer on the same network
 * could reach it: there the app listens on the loopback address PUBLIC_URL names. Everywhere else
 * (Google sign-in, or a PUBLIC_URL others reach) it keeps Next's default.
 */

import { isLoopbackHost } from '../lib/shared/net/loopback.mjs';

export { isLoopbackHost };

const filled = (value) => typeof value === 'string' && value.trim() !== '';

/**
 * The address for Next's `-H`, or undefined for Next's default (every interface): the loopback
 * address PUBLIC_URL names (`127.0.0.1` for a name such as `localhost`, which browsers and Node's
 * fetch also try over IPv4) while the development sign-in runs there.
 */
export function appListenHost(env) {
  const google = filled(env.GOOGLE_CLIENT_ID) && filled(env.GOOGLE_CLIENT_SECRET);
  if (google) return undefined;
  let url;
  try {
    url = new URL(filled(env.PUBLIC_URL) ? env.PUBLIC_URL.trim() : 'http://localhost:3000');
  } catch {
    return undefined; // the backend refuses it and says why
  }
  if (!isLoopbackHost(url.hostname)) return undefined;
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === '::1' || /^127\./.test(host)) return host;
  return '127.0.0.1';
}
