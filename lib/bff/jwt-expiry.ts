/**
 * Reads `exp` from a JWT WITHOUT verifying it. The BFF holds no secret (it must also run in front
 * of the original Spring backend), so this only decides whether to refresh before forwarding; the
 * backend still verifies every token it receives.
 */

/** Seconds of clock skew: a token this close to expiry is treated as expired. */
export const EXPIRY_SKEW_SECONDS = 10;

const cache = new Map<string, number | null>();
const CACHE_LIMIT = 1000;

/** The `exp` claim (seconds since the epoch), or null when the token is not a readable JWT. */
export function jwtExpiry(token: string): number | null {
  const hit = cache.get(token);
  if (hit !== undefined) return hit;
  let exp: number | null = null;
  const first = token.indexOf('.');
  const second = first < 0 ? -1 : token.indexOf('.', first + 1);
  if (second > first + 1) {
    try {
      const payload = JSON.parse(
        Buffer.from(token.slice(first + 1, second), 'base64url').toString('utf8'),
      );
      if (payload && typeof payload.exp === 'number' && Number.isFinite(payload.exp))
        exp = payload.exp;
    } catch {
      exp = null;
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(token, exp);
  return exp;
}

/** True when the access token exists, is a JWT and expires more than the skew from now. */
export function isAccessTokenFresh(token: string | undefined, nowMs: number = Date.now()): boolean {
  if (!token) return false;
  const exp = jwtExpiry(token);
  return exp !== null && exp - EXPIRY_SKEW_SECONDS > nowMs / 1000;
}
