/** @jest-environment node */
import {
  readCookie,
  rewriteSetCookie,
  rewriteSetCookies,
  sessionDeletionCookies,
  setCookieNameValue,
  withCookies,
} from './cookies';

const SPRING_REFRESH =
  'refresh_token=r.jwt.1; Path=/api/token/refresh; Max-Age=604800; Expires=Sat, 26 Jul 2025 05:03:27 GMT; Secure; HttpOnly; SameSite=LAX';
const SPRING_ACCESS =
  'access_token=a.jwt.1; Domain=backend.example; Path=/; Max-Age=1800; Expires=Sat, 19 Jul 2025 05:33:27 GMT; Secure; HttpOnly; SameSite=LAX';

describe('rewriteSetCookie', () => {
  it('rewrites both Spring-style cookies for an http app: Path=/ for refresh, no Domain, no Secure, Lax', () => {
    const [refresh, access] = rewriteSetCookies([SPRING_REFRESH, SPRING_ACCESS], false);
    expect(refresh).toBe(
      'refresh_token=r.jwt.1; Path=/; Max-Age=604800; Expires=Sat, 26 Jul 2025 05:03:27 GMT; HttpOnly; SameSite=Lax',
    );
    expect(access).toBe(
      'access_token=a.jwt.1; Path=/; Max-Age=1800; Expires=Sat, 19 Jul 2025 05:33:27 GMT; HttpOnly; SameSite=Lax',
    );
  });

  it('adds Secure exactly once when the app is https', () => {
    const out = rewriteSetCookie(SPRING_ACCESS, true);
    expect(out.match(/Secure/g)).toHaveLength(1);
    expect(out).not.toMatch(/Domain/i);
    const plain = rewriteSetCookie('access_token=x; Path=/; HttpOnly', true);
    expect(plain).toBe('access_token=x; Path=/; HttpOnly; Secure');
  });

  it('gives refresh_token Path=/ even when it had none, and handles deletion cookies', () => {
    expect(rewriteSetCookie('refresh_token=v; HttpOnly', false)).toBe(
      'refresh_token=v; HttpOnly; Path=/',
    );
    const deletion = rewriteSetCookie(
      'refresh_token=old; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:10 GMT; Path=/api/token/refresh',
      false,
    );
    expect(deletion).toBe(
      'refresh_token=old; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:10 GMT; Path=/',
    );
  });

  it('leaves other cookies and unknown attributes alone', () => {
    expect(
      rewriteSetCookie('JSESSIONID=abc; Path=/; HttpOnly; SameSite=Strict; Partitioned', false),
    ).toBe('JSESSIONID=abc; Path=/; HttpOnly; SameSite=Strict; Partitioned');
  });
});

describe('cookie headers', () => {
  it('reads a cookie only by its exact name', () => {
    const header = 'xaccess_token=no; access_token=yes; refresh_token="quoted"';
    expect(readCookie(header, 'access_token')).toBe('yes');
    expect(readCookie(header, 'refresh_token')).toBe('quoted');
    expect(readCookie(header, 'missing')).toBeUndefined();
    expect(readCookie(null, 'access_token')).toBeUndefined();
    expect(readCookie('access_token=first;access_token=second', 'access_token')).toBe('first');
  });

  it('replaces, removes and appends cookies, keeping the others', () => {
    expect(
      withCookies('a=1; access_token=old; b=2', { access_token: 'new', refresh_token: 'r' }),
    ).toBe('a=1; access_token=new; b=2; refresh_token=r');
    expect(
      withCookies('a=1; access_token=old; refresh_token=r', {
        access_token: null,
        refresh_token: null,
      }),
    ).toBe('a=1');
    expect(withCookies(null, { access_token: 'x', refresh_token: undefined })).toBe(
      'access_token=x',
    );
  });

  it('splits a Set-Cookie line into name and value', () => {
    expect(setCookieNameValue(SPRING_REFRESH)).toEqual({ name: 'refresh_token', value: 'r.jwt.1' });
  });

  it('builds deletions for both session cookies', () => {
    const lines = sessionDeletionCookies(true);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^access_token=; Path=\/; Max-Age=0; .*HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(lines[1]).toMatch(/^refresh_token=; Path=\/; Max-Age=0;/);
    expect(sessionDeletionCookies(false)[0]).not.toMatch(/Secure/);
  });
});
