/** A tiny cookie jar and a fetch that never follows redirects, for driving real HTTP flows. */
export interface StoredCookie {
  value: string;
  path: string;
}

export class CookieJar {
  readonly cookies = new Map<string, StoredCookie>();

  /** Records Set-Cookie headers; Max-Age=0 deletes. */
  store(response: Response): string[] {
    const lines = response.headers.getSetCookie();
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let cookiePath = '/';
      let deleted = false;
      for (const attribute of attributes) {
        const [key, val = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') cookiePath = val;
        if (key.toLowerCase() === 'max-age' && Number(val) <= 0) deleted = true;
        if (key.toLowerCase() === 'expires' && new Date(val).getTime() < Date.now()) deleted = true;
      }
      if (deleted) this.cookies.delete(name);
      else this.cookies.set(name, { value, path: cookiePath });
    }
    return lines;
  }

  header(url: URL): string {
    return [...this.cookies]
      .filter(
        ([, cookie]) =>
          url.pathname === cookie.path ||
          url.pathname.startsWith(cookie.path.replace(/\/?$/, '/')) ||
          cookie.path === '/',
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }
}

export interface RequestOptions {
  method?: string;
  body?: string | URLSearchParams;
  headers?: Record<string, string>;
  /** Overrides the jar: exact Cookie header to send. */
  cookie?: string;
}

/** fetch with manual redirects, sending and storing jar cookies. */
export async function request(
  jar: CookieJar,
  url: string | URL,
  options: RequestOptions = {},
): Promise<Response> {
  const target = new URL(url);
  const headers: Record<string, string> = { ...options.headers };
  const cookie = options.cookie ?? jar.header(target);
  if (cookie) headers.cookie = cookie;
  const response = await fetch(target, {
    method: options.method ?? 'GET',
    body: options.body,
    headers,
    redirect: 'manual',
  });
  jar.store(response);
  return response;
}

/** Location of a redirect, resolved against the request URL. */
export function location(response: Response, from: string | URL): URL {
  const value = response.headers.get('location');
  if (!value) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(value, from);
}
