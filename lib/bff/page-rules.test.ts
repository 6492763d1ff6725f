/** @jest-environment node */
import {
  decideAfterRefresh,
  decidePage,
  isImpossiblePage,
  isProxiedPath,
  isPublicPage,
  loginRedirectTarget,
  parsePageId,
} from './page-rules';
import { NON_PAGE_PATHS, PAGE_PATHS } from './test-utils';

describe('which paths proxy.ts handles', () => {
  it.each(PAGE_PATHS)('page %s is proxied', (path) => expect(isProxiedPath(path)).toBe(true));
  it.each(NON_PAGE_PATHS)('%s is not', (path) => expect(isProxiedPath(path)).toBe(false));

  it('only /login is public', () => {
    expect(isPublicPage('/login')).toBe(true);
    expect(isPublicPage('/')).toBe(false);
    expect(isPublicPage('/loginx')).toBe(false);
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
  ])('%s cannot exist', (path) => expect(isImpossiblePage(path)).toBe(true));
  it.each(['/chat/12', '/chat/12/', '/friendProfile/3', '/club', '/post/upload', '/chatroom'])(
    '%s may exist',
    (path) => expect(isImpossiblePage(path)).toBe(false),
  );
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

  it('refreshes when only the refresh cookie is usable', () => {
    expect(decidePage('/post', '', refreshOnly)).toEqual({ action: 'refresh' });
    expect(decidePage('/login', '', refreshOnly)).toEqual({ action: 'refresh' });
  });
});

describe('decideAfterRefresh', () => {
  it('continues (or leaves /login for home) with the new cookies', () => {
    expect(decideAfterRefresh('/post', '', 'refreshed')).toEqual({
      action: 'next',
      clearCookies: false,
      useNewCookies: true,
    });
    expect(decideAfterRefresh('/login', '', 'refreshed')).toMatchObject({
      action: 'redirect',
      location: '/',
    });
  });

  it('clears the cookies and signs in again when the refresh is refused', () => {
    expect(decideAfterRefresh('/post', '?a=1', 'rejected')).toEqual({
      action: 'redirect',
      location: '/login?next=%2Fpost%3Fa%3D1',
      clearCookies: true,
      useNewCookies: false,
    });
    expect(decideAfterRefresh('/login', '', 'rejected')).toEqual({
      action: 'next',
      clearCookies: true,
      useNewCookies: false,
    });
  });

  it('lets the page render when the backend is unreachable', () => {
    expect(decideAfterRefresh('/post', '', 'unavailable')).toEqual({
      action: 'next',
      clearCookies: false,
      useNewCookies: false,
    });
  });
});
