/** @jest-environment node */
import {
  decideAfterRefresh,
  decidePage,
  foreignHostRedirect,
  isImpossiblePage,
  isOfflinePage,
  isProxiedPath,
  isPublicPage,
  loginRedirectTarget,
  parsePageId,
  requestHost,
  sharedRoutinePreviewPath,
} from './page-rules';
import { NON_PAGE_PATHS, PAGE_PATHS } from './test-utils';

describe('which paths proxy.ts handles', () => {
  it.each(PAGE_PATHS)('page %s is proxied', (path) => expect(isProxiedPath(path)).toBe(true));
  it.each(NON_PAGE_PATHS)('%s is not', (path) => expect(isProxiedPath(path)).toBe(false));

  it('only /login is public', () => {
    expect(isPublicPage('/login')).toBe(true);
    expect(isPublicPage('/')).toBe(false);
    expect(isPublicPage('/loginx')).toBe(false);
    expect(isPublicPage('/~offline')).toBe(false);
  });

  it('/~offline is the offline page, and a page proxy.ts sees', () => {
    expect(isOfflinePage('/~offline')).toBe(true);
    expect(isOfflinePage('/~offline/')).toBe(true);
    expect(isOfflinePage('/~offlinex')).toBe(false);
    expect(isOfflinePage('/offline')).toBe(false);
    expect(isProxiedPath('/~offline')).toBe(true);
  });
});

describe('isImpossiblePage', () => {
  it.each([
    '/chat/abc',
    '/chat/0',
    '/chat/-1',
    '/chat/1.5',
    '/chat/',
    '/friendProfile/abc',
    '/friendProfile/01',
    '/club/abc',
    '/club/0',
    '/club/creat',
  ])('%s cannot exist', (path) => expect(isImpossiblePage(path)).toBe(true));
  it.each([
    '/chat/12',
    '/chat/12/',
    '/friendProfile/3',
    '/club',
    '/club/3',
    '/club/create',
    '/club/create/',
    '/post/upload',
    '/chatroom',
  ])('%s may exist', (path) => expect(isImpossiblePage(path)).toBe(false));
});

describe('parsePageId', () => {
  it.each([
    ['12', 12],
    ['1', 1],
    ['999999999999999', 999999999999999],
  ])('%s is %d', (segment, id) => expect(parsePageId(segment)).toBe(id));
  it.each(['', '0', '01', '-1', '1.5', 'abc', ' 1', '1000000000000000'])('%j is no id', (segment) =>
    expect(parsePageId(segment)).toBeNull(),
  );
});

describe('decidePage', () => {
  const none = { accessFresh: false, hasRefresh: false };
  const fresh = { accessFresh: true, hasRefresh: true };
  const refreshOnly = { accessFresh: false, hasRefresh: true };

  it('sends a protected page without a session to /login with next=path+query', () => {
    expect(decidePage('/friendProfile/3', '?tab=calendar', none)).toEqual({
      action: 'redirect',
      location: '/login?next=%2FfriendProfile%2F3%3Ftab%3Dcalendar',
    });
    expect(loginRedirectTarget('/')).toBe('/login?next=%2F');
  });

  it('lets /login through without a session and sends it home with one', () => {
    expect(decidePage('/login', '', none)).toEqual({ action: 'next' });
    expect(decidePage('/login', '', fresh)).toEqual({ action: 'redirect', location: '/' });
  });

  it('lets protected pages through with a fresh access token', () => {
    expect(decidePage('/chat/12', '', fresh)).toEqual({ action: 'next' });
  });

  it('lets /~offline through with or without a session, never refreshing for it', () => {
    for (const session of [none, fresh, refreshOnly]) {
      expect(decidePage('/~offline', '', session)).toEqual({ action: 'next' });
    }
    expect(decideAfterRefresh('/~offline', '', 'rejected')).toEqual({
      action: 'next',
    });
  });

  it('refreshes when only the refresh cookie is usable', () => {
    expect(decidePage('/post', '', refreshOnly)).toEqual({ action: 'refresh' });
    expect(decidePage('/login', '', refreshOnly)).toEqual({ action: 'refresh' });
  });
});

describe('decideAfterRefresh', () => {
  it('continues (or leaves /login for home) once refreshed', () => {
    expect(decideAfterRefresh('/post', '', 'refreshed')).toEqual({
      action: 'next',
    });
    expect(decideAfterRefresh('/login', '', 'refreshed')).toMatchObject({
      action: 'redirect',
      location: '/',
    });
  });

  it('signs in again when the refresh is refused', () => {
    expect(decideAfterRefresh('/post', '?a=1', 'rejected')).toEqual({
      action: 'redirect',
      location: '/login?next=%2Fpost%3Fa%3D1',
    });
    expect(decideAfterRefresh('/login', '', 'rejected')).toEqual({
      action: 'next',
    });
  });

  it('lets the page render when the backend is unreachable', () => {
    expect(decideAfterRefresh('/post', '', 'unavailable')).toEqual({
      action: 'next',
    });
  });
});

describe('requestHost', () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  it('reads Host, or the first X-Forwarded-Host entry when a proxy set one', () => {
    expect(requestHost(headers({ host: '127.0.0.1:3000' }))).toBe('127.0.0.1:3000');
    expect(
      requestHost(headers({ host: '10.0.0.5:3000', 'x-forwarded-host': 'app.example.com' })),
    ).toBe('app.example.com');
    expect(
      requestHost(
        headers({ host: '10.0.0.5:3000', 'x-forwarded-host': ' app.example.com , inner:8080' }),
      ),
    ).toBe('app.example.com');
    expect(requestHost(headers({ host: 'localhost:3000', 'x-forwarded-host': '' }))).toBe(
      'localhost:3000',
    );
  });

  it('is null without either header', () => {
    expect(requestHost(headers({}))).toBeNull();
  });
});

describe('foreignHostRedirect', () => {
  const PUBLIC = 'http://localhost:3000';

  it('sends another host to the same path and query on PUBLIC_URL', () => {
    expect(foreignHostRedirect('127.0.0.1:3000', '/', PUBLIC)).toBe('http://localhost:3000/');
    expect(foreignHostRedirect('127.0.0.1:3000', '/club?isMyClubs=1&name=%EB%9F%AC', PUBLIC)).toBe(
      'http://localhost:3000/club?isMyClubs=1&name=%EB%9F%AC',
    );
    expect(foreignHostRedirect('localhost:3001', '/post', PUBLIC)).toBe(
      'http://localhost:3000/post',
    );
    expect(foreignHostRedirect('[::1]:3000', '/login', PUBLIC)).toBe('http://localhost:3000/login');
  });

  it("leaves PUBLIC_URL's own host alone, compared as URLs compare hosts", () => {
    expect(foreignHostRedirect('localhost:3000', '/', PUBLIC)).toBeNull();
    expect(foreignHostRedirect('LocalHost:3000', '/', PUBLIC)).toBeNull();
    expect(foreignHostRedirect('app.example.com', '/', 'https://app.example.com/')).toBeNull();
    expect(foreignHostRedirect('app.example.com:443', '/', 'https://app.example.com')).toBeNull();
    expect(foreignHostRedirect('app.example.com:80', '/', 'http://app.example.com')).toBeNull();
  });

  it("redirects to PUBLIC_URL's origin, whatever path PUBLIC_URL has", () => {
    expect(foreignHostRedirect('www.example.com', '/friend', 'https://example.com/')).toBe(
      'https://example.com/friend',
    );
    expect(foreignHostRedirect('example.com:8443', '/', 'https://example.com/app')).toBe(
      'https://example.com/',
    );
  });

  it('treats a Host that is no host as foreign, and an unknown one as ours', () => {
    expect(foreignHostRedirect('bad host/x', '/', PUBLIC)).toBe('http://localhost:3000/');
    expect(foreignHostRedirect(null, '/', PUBLIC)).toBeNull();
  });
});

describe('share links (issue 27)', () => {
  const TOKEN = 'abcdefghijklmnopqrstuv';
  const none = { accessFresh: false, hasRefresh: false };
  const fresh = { accessFresh: true, hasRefresh: false };

  it('renders the public preview in place for a signed-out visitor, not /login', () => {
    expect(decidePage(`/routine/shared/${TOKEN}`, '', none)).toEqual({
      action: 'rewrite',
      location: `/shared-routine/${TOKEN}`,
    });
    expect(decideAfterRefresh(`/routine/shared/${TOKEN}`, '', 'rejected')).toEqual({
      action: 'rewrite',
      location: `/shared-routine/${TOKEN}`,
    });
    // A member sees the full page.
    expect(decidePage(`/routine/shared/${TOKEN}`, '', fresh)).toEqual({ action: 'next' });
  });

  it('leaves the preview and its Open Graph image open to anyone', () => {
    for (const session of [none, fresh, { accessFresh: false, hasRefresh: true }]) {
      expect(decidePage(`/shared-routine/${TOKEN}`, '', session)).toEqual({ action: 'next' });
      expect(decidePage(`/shared-routine/${TOKEN}/opengraph-image`, '', session)).toEqual({
        action: 'next',
      });
    }
    expect(isProxiedPath(`/shared-routine/${TOKEN}/opengraph-image`)).toBe(true);
  });

  it('matches only a share page: other routine pages still go to /login', () => {
    expect(sharedRoutinePreviewPath('/routine')).toBeNull();
    expect(sharedRoutinePreviewPath('/routine/shared/a/b')).toBeNull();
    expect(sharedRoutinePreviewPath('/routine/shared/..%2F')).toBeNull();
    expect(decidePage('/routine', '', none)).toEqual({
      action: 'redirect',
      location: '/login?next=%2Froutine',
    });
    expect(decidePage('/shared-routine/a/b', '', none)).toMatchObject({ action: 'redirect' });
  });
});
