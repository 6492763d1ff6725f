/** @jest-environment node */
import {
  isApiRead,
  isBffNavigation,
  isBffPath,
  isImageRead,
  isNavigation,
  isPageNavigation,
  isSockJsPath,
  isStorable,
  OFFLINE_URL,
  type RequestFacts,
} from './routes';

const ORIGIN = 'http://localhost:3000';

/** What Serwist's matcher would see for `path` (relative to the app, or absolute). */
function facts(path: string, { method = 'GET', mode = 'cors' as RequestMode } = {}): RequestFacts {
  const url = new URL(path, ORIGIN);
  return { url, request: { method, mode }, sameOrigin: url.origin === ORIGIN };
}

const navigate = (path: string, method = 'GET') => facts(path, { method, mode: 'navigate' });

const SOCKJS = [
  '/chat/info',
  '/chat/info?t=1700000000000',
  '/chat/websocket',
  '/chat/iframe.html',
  '/chat/iframe-abc.html',
  '/chat/123/abcdefgh/xhr',
  '/chat/123/abcdefgh/xhr_streaming',
  '/chat/123/abcdefgh/xhr_send',
  '/chat/123/abcdefgh/websocket',
];

describe('page navigations', () => {
  it.each(['/', '/friend', '/club?isMyClubs=1', '/chat/12', '/login', OFFLINE_URL])(
    '%s goes to the pages cache',
    (path) => {
      expect(isPageNavigation(navigate(path))).toBe(true);
      expect(isBffNavigation(navigate(path))).toBe(false);
    },
  );

  it.each([
    '/oauth2/authorization/google',
    '/login/oauth2/code/google?code=one-time&state=s',
    '/api/images/a.png',
  ])('%s (a BFF path) goes to the network only', (path) => {
    expect(isPageNavigation(navigate(path))).toBe(false);
    expect(isBffNavigation(navigate(path))).toBe(true);
  });

  it('leaves other origins, other methods and non-navigations alone', () => {
    expect(isNavigation(navigate('https://accounts.google.com/o/oauth2/auth'))).toBe(false);
    expect(isNavigation(navigate('/post', 'POST'))).toBe(false);
    expect(isNavigation(facts('/friend'))).toBe(false); // an RSC fetch of the page
    expect(isNavigation(facts('/friend', { mode: 'same-origin' }))).toBe(false);
  });

  it.each(SOCKJS)('never touches SockJS %s, even as a navigation', (path) => {
    expect(isSockJsPath(new URL(path, ORIGIN).pathname)).toBe(true);
    expect(isNavigation(navigate(path))).toBe(false);
  });
});

describe('API reads', () => {
  it.each([
    '/api/today/yearAndMonth/2025/6',
    '/api/today/date/2025-06-01',
    '/api/member/exercises',
    '/api/posts?limit=5',
    '/api/login/checkpoint', // only the session calls themselves are excluded
  ])('GET %s goes to the api cache', (path) => {
    expect(isApiRead(facts(path))).toBe(true);
    expect(isImageRead(facts(path))).toBe(false);
  });

  it.each([
    '/api/login/check',
    '/api/login/check?t=1',
    '/api/token/refresh',
    '/api/logout',
    '/api/events',
    '/oauth2/authorization/google',
    '/login/oauth2/code/google',
    '/api/images/abc-w640.webp',
    '/apix/member',
    '/friend',
  ])('%s is never cached by the api rule', (path) => {
    expect(isApiRead(facts(path))).toBe(false);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'])('a %s is never cached', (method) => {
    expect(isApiRead(facts('/api/member/exercises', { method }))).toBe(false);
    expect(isImageRead(facts('/api/images/a.png', { method }))).toBe(false);
  });

  it('leaves other origins alone', () => {
    expect(isApiRead(facts('http://127.0.0.1:8080/api/member/exercises'))).toBe(false);
    expect(isImageRead(facts('https://cdn.example.com/api/images/a.png'))).toBe(false);
  });
});

describe('images', () => {
  it.each(['/api/images/abc.png', '/api/images/posts/abc-w640.webp'])(
    'GET %s goes to the images cache',
    (path) => {
      expect(isImageRead(facts(path, { mode: 'no-cors' }))).toBe(true);
      expect(isImageRead(facts(path))).toBe(true);
    },
  );

  it('SockJS and chat pages are in no API rule', () => {
    for (const path of SOCKJS) {
      expect(isApiRead(facts(path))).toBe(false);
      expect(isImageRead(facts(path))).toBe(false);
    }
  });
});

describe('isBffPath', () => {
  it('names the BFF prefixes', () => {
    expect(isBffPath('/api/x')).toBe(true);
    expect(isBffPath('/oauth2/authorization/google')).toBe(true);
    expect(isBffPath('/login/oauth2/code/google')).toBe(true);
    expect(isBffPath('/login')).toBe(false);
    expect(isBffPath('/apix')).toBe(false);
  });
});

describe('isStorable', () => {
  const response = (init: Partial<Pick<Response, 'status' | 'redirected' | 'type'>>) => ({
    status: 200,
    redirected: false,
    type: 'basic' as ResponseType,
    ...init,
  });

  it('stores a plain 200', () => {
    expect(isStorable(response({}))).toBe(true);
    expect(isStorable(new Response('ok'))).toBe(true);
  });

  it.each([
    ['a redirected 200', { redirected: true }],
    ['a manual redirect (the 307 to /login)', { status: 0, type: 'opaqueredirect' as const }],
    ['an opaque response', { status: 0, type: 'opaque' as const }],
    ['a 204', { status: 204 }],
    ['a 401', { status: 401 }],
    ['a 404', { status: 404 }],
    ['a 502', { status: 502 }],
  ])('never stores %s', (_label, init) => {
    expect(isStorable(response(init))).toBe(false);
  });
});
