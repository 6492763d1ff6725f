/** @jest-environment node */
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';

import { config, proxy } from '@/proxy';

import { ESCAPED_BFF_PATH, isBffPath } from './page-rules';
import { NON_PAGE_PATHS } from './test-utils';

/**
 * A BFF path whose percent escapes do not decode: Next's router answered it with a bare
 * `500 Internal Server Error` (text/plain) before the BFF ran, because it failed to decode the
 * catch-all param and then to render its error page (found by e2e/bff-hostile.spec.ts). proxy.ts
 * now takes exactly those paths and answers the BFF's 400 with the JSON error body.
 */

const APP = 'http://localhost:3000';
const UNDECODABLE = [
  '/api/%zz',
  '/api/login/check%zz',
  '/api/a%',
  '/api/a%4',
  '/api/%ff',
  '/api/%c0%ae%c0%ae/x',
  '/api/%E0%A4%A',
  '/oauth2/x%zz',
  '/login/oauth2/code/google%zz',
];
/** Escapes that decode: proxy.ts runs for the high-byte ones but lets them through. */
const DECODABLE_MATCHED = ['/api/exercise/%EC%9A%B4%EB%8F%99', '/oauth2/%C3%A9'];
const UNMATCHED = ['/api/a%20b', '/api/x%2e', '/api/x%2fy', '/oauth2/dev/auth'];

describe('BFF paths with escapes that do not decode', () => {
  it.each([...UNDECODABLE, ...DECODABLE_MATCHED])('proxy.ts matches %s', (path) => {
    expect(ESCAPED_BFF_PATH.test(path)).toBe(true);
    expect(unstable_doesMiddlewareMatch({ config, url: path })).toBe(true);
  });

  it.each([...UNMATCHED, ...NON_PAGE_PATHS.filter(isBffPath)])(
    'proxy.ts still leaves %s alone',
    (path) => {
      expect(ESCAPED_BFF_PATH.test(path)).toBe(false);
      expect(unstable_doesMiddlewareMatch({ config, url: path })).toBe(false);
    },
  );

  it.each(UNDECODABLE)('%s is answered 400 with the JSON error body', async (path) => {
    const response = await proxy(new NextRequest(`${APP}${path}`));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-middleware-next')).toBeNull();
    const body = await response.json();
    expect(body).toEqual({
      code: '400',
      message: '잘못된 요청입니다.',
      data: null,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/),
      path: null,
    });
  });

  it.each(DECODABLE_MATCHED)('%s goes on to the BFF', async (path) => {
    const response = await proxy(new NextRequest(`${APP}${path}`, { method: 'POST' }));
    expect(response.headers.get('x-middleware-next')).toBe('1');
  });
});
