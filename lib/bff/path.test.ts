/** @jest-environment node */
import { forward } from './forward';
import { splitRequestUrl, upstreamPath } from './path';

describe('upstreamPath', () => {
  it('accepts the BFF prefixes and keeps the query', () => {
    expect(upstreamPath('http://app/api/posts?limit=10')).toEqual({
      ok: true,
      path: '/api/posts',
      search: '?limit=10',
      isApi: true,
    });
    expect(upstreamPath('http://app/oauth2/authorization/google')).toMatchObject({
      ok: true,
      isApi: false,
    });
    expect(upstreamPath('http://app/login/oauth2/code/google?code=1&state=2')).toMatchObject({
      ok: true,
      search: '?code=1&state=2',
    });
    expect(upstreamPath('http://app/api/images/a%20b.png')).toMatchObject({
      ok: true,
      path: '/api/images/a%20b.png',
    });
  });

  it.each([
    '/api/../x',
    '/api/%2e%2e/x',
    '/api/%2E%2e/x',
    '/api/.%2e/x',
    '/api/a%2fb',
    '/api/a%2Fb',
    '/api/a%5cb',
    '/api/a\\b',
    '/api/%252e%252e/x',
    '/api/a%00b',
    '/api/%zz',
    '/x',
    '/apix/y',
  ])('refuses %s', (path) => {
    expect(upstreamPath(`http://app${path}`)).toEqual({ ok: false });
  });

  it('refuses raw dot segments even when a caller did not normalise them', () => {
    // A Request would normalise these; the check must not rely on that.
    expect(upstreamPath('http://app/api/a/../../x')).toEqual({ ok: false });
    expect(upstreamPath('http://app/api/./x')).toEqual({ ok: false });
  });

  it('splits path and query without a URL object', () => {
    expect(splitRequestUrl('http://h:3000')).toEqual({ path: '/', search: '' });
    expect(splitRequestUrl('https://h/a/b?c=d#e')).toEqual({ path: '/a/b', search: '?c=d' });
  });
});

describe('forward refuses escapes with a 400 error body, never calling upstream', () => {
  const fetchSpy = jest.spyOn(globalThis, 'fetch');
  afterAll(() => fetchSpy.mockRestore());

  it.each(['/api/../x', '/api/%2e%2e/x', '/api/a%2fb'])('%s', async (path) => {
    const response = await forward(new Request(`http://localhost:3000${path}`));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = await response.json();
    expect(body).toMatchObject({ code: '400', data: null, path: null });
    expect(typeof body.timestamp).toBe('string');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
