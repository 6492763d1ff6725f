import 'server-only';

import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@/lib/contract/cookies';

/**
 * The app side's session cookies: reading them from a Cookie header, rewriting the backend's
 * Set-Cookie lines for the app origin (no Domain, the app's Secure), and building deletions with
 * the Path the cookies were set with.
 */

export { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE };

/** Value of cookie `name` in a Cookie request header (first occurrence), or undefined. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const key = name + '=';
  let from = 0;
  for (;;) {
    const at = header.indexOf(key, from);
    if (at < 0) return undefined;
    // Must start the header or follow a separator, so `xaccess_token=` does not match.
    const before = at === 0 ? 59 : header.charCodeAt(at - 1);
    if (before === 59 /* ; */ || before === 32 /* space */ || before === 9 /* tab */) {
      const start = at + key.length;
      const end = header.indexOf(';', start);
      const value = (end < 0 ? header.slice(start) : header.slice(start, end)).trim();
      return value.length >= 2 && value.startsWith('"') && value.endsWith('"')
        ? value.slice(1, -1)
        : value;
    }
    from = at + key.length;
  }
}

/**
 * The Cookie header with the given cookies replaced (value string), removed (null) or appended
 * when absent. Other cookies keep their order.
 */
export function withCookies(
  header: string | null | undefined,
  changes: Readonly<Record<string, string | null | undefined>>,
): string {
  const seen = new Set<string>();
  const out: string[] = [];
  if (header) {
    for (const part of header.split(';')) {
      const pair = part.trim();
      if (!pair) continue;
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq).trim();
      if (Object.prototype.hasOwnProperty.call(changes, name) && changes[name] !== undefined) {
        if (seen.has(name)) continue; // drop duplicates of a cookie we set
        seen.add(name);
        const value = changes[name];
        if (value !== null) out.push(`${name}=${value}`);
      } else {
        out.push(pair);
      }
    }
  }
  for (const [name, value] of Object.entries(changes)) {
    if (value != null && !seen.has(name)) out.push(`${name}=${value}`);
  }
  return out.join('; ');
}

/** Name and value of a Set-Cookie line. */
export function setCookieNameValue(line: string): { name: string; value: string } {
  const semi = line.indexOf(';');
  const pair = semi < 0 ? line : line.slice(0, semi);
  const eq = pair.indexOf('=');
  if (eq < 0) return { name: '', value: pair.trim() };
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim() };
}

const SAME_SITE: Record<string, string> = { lax: 'Lax', strict: 'Strict', none: 'None' };

/**
 * A backend Set-Cookie line rewritten for the app origin: no `Domain` (host-only on the app),
 * `refresh_token` on `Path=/` (the original scopes it to /api/token/refresh, which would hide it
 * from the BFF and proxy.ts), `Secure` iff the app is https, `SameSite` spelled `Lax`/`Strict`/
 * `None` (Spring writes `LAX` at refresh). Works the same for deletion lines (Max-Age=0).
 */
export function rewriteSetCookie(line: string, secure: boolean): string {
  const parts = line.split(';');
  const pair = parts[0].trim();
  const eq = pair.indexOf('=');
  const name = eq < 0 ? '' : pair.slice(0, eq).trim();
  const isRefresh = name === REFRESH_TOKEN_COOKIE;
  let out = pair;
  let hasPath = false;
  for (let i = 1; i < parts.length; i++) {
    const attribute = parts[i].trim();
    if (!attribute) continue;
    const aeq = attribute.indexOf('=');
    const key = (aeq < 0 ? attribute : attribute.slice(0, aeq)).trim().toLowerCase();
    switch (key) {
      case 'domain':
      case 'secure':
        continue;
      case 'path':
        hasPath = true;
        out += isRefresh ? '; Path=/' : '; ' + attribute;
        continue;
      case 'samesite': {
        const value = aeq < 0 ? '' : attribute.slice(aeq + 1).trim();
        out += '; SameSite=' + (SAME_SITE[value.toLowerCase()] ?? value);
        continue;
      }
      default:
        out += '; ' + attribute;
    }
  }
  if (isRefresh && !hasPath) out += '; Path=/';
  if (secure) out += '; Secure';
  return out;
}

/** Rewrites every line; see rewriteSetCookie. */
export function rewriteSetCookies(lines: readonly string[], secure: boolean): string[] {
  const out = new Array<string>(lines.length);
  for (let i = 0; i < lines.length; i++) out[i] = rewriteSetCookie(lines[i], secure);
  return out;
}

/** Set-Cookie lines that delete both session cookies on the app origin. */
export function sessionDeletionCookies(secure: boolean): string[] {
  const tail = `; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${
    secure ? '; Secure' : ''
  }`;
  return [`${ACCESS_TOKEN_COOKIE}=${tail}`, `${REFRESH_TOKEN_COOKIE}=${tail}`];
}
