import http from 'node:http';
import net from 'node:net';

import { type APIRequestContext, type BrowserContext, expect, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';
import { APP_PORT, APP_URL, writeHeaders } from './fixtures/env';
import {
  raw,
  rawExchange,
  rawRequest,
  type RawResponse,
  type RawResult,
} from './fixtures/raw-http';
import { createExercise } from './fixtures/workout';

/**
 * A sweep of the BFF (app/api/[...path], lib/bff) and proxy.ts on the real stack with malformed
 * and hostile HTTP, anonymous and signed in, checked against the session, BFF and wire rules and
 * what lib/bff promises: nothing reaches any origin but BACKEND_URL, `..` never leaves /api upstream, a
 * client's mistake is never a 5xx, the BFF's own errors carry the JSON error body, hop-by-hop and
 * non-allow-listed headers stay behind, Set-Cookie is rewritten for the app origin, anonymous
 * /api calls get 401 JSON, a foreign Origin cannot write, and the member's data survive it all.
 *
 * What the backend received is read from its behaviour (there is no echo endpoint): the dev
 * identity provider builds its discovery URLs from x-forwarded-host/-proto, the auth hook reads
 * the Cookie header, the CSRF check reads Origin, and images honour If-None-Match.
 */

test.describe.configure({ mode: 'serial' });

const MSG = {
  badRequest: '잘못된 요청입니다.',
  unauthenticated: '인증되지 않은 요청입니다.',
  forbiddenOrigin: '허용되지 않은 출처의 요청입니다.',
  imageTooLarge: '이미지는 10MB 이하여야 합니다.',
  payloadTooLarge: '요청 본문이 너무 큽니다.',
  importTooLarge: '파일이 너무 큽니다. 5MB 이하의 CSV 파일만 가져올 수 있습니다.',
};
const EVIL = 'http://evil.example';
const LOCAL_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?$/;

interface Exercise {
  id: number;
  name: string;
}

/** The signed-in member the sweep runs as, and what must still hold at the end. */
let context: BrowserContext;
let api: APIRequestContext;
let member: { id: number; name: string; email: string };
let accessToken: string;
let exercisesBefore: Exercise[];
/** A listener that must never see a connection: every "other site" in the sweep points here. */
let spy: { server: net.Server; origin: string; hostPort: string; connections: number };

const session = (): [string, string] => ['Cookie', `access_token=${accessToken}`];
/** A write's Origin header as the app's pages send it. */
const sameOrigin: [string, string] = ['Origin', writeHeaders.origin];

/** The JSON error body: exactly the five fields, `code` equal to the HTTP status. */
function expectErrorBody(
  response: Pick<RawResponse, 'status' | 'headers' | 'text'>,
  status: number,
  message?: string,
) {
  expect(response.status, response.text.slice(0, 300)).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json\b/);
  const body = JSON.parse(response.text) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message', 'path', 'timestamp']);
  expect(body.code).toBe(String(status));
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  if (message !== undefined) expect(body.message).toBe(message);
  expect(body.timestamp).toMatch(LOCAL_DATE_TIME);
  expect(body.path).toBeNull();
  expect(body.data === null || typeof body.data === 'object').toBe(true);
  return body;
}

function json<T>(response: RawResponse): T {
  expect(response.headers['content-type']).toMatch(/^application\/json\b/);
  return JSON.parse(response.text) as T;
}

function expectNoServerError(result: RawResult) {
  for (const response of result.responses) {
    expect(response.status, `${response.status} ${response.text.slice(0, 200)}`).toBeLessThan(500);
  }
}

/** A JWT with the given claims and a signature the backend never issued. */
function forgedJwt(claims: Record<string, unknown>, alg = 'HS512'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signature = alg === 'none' ? '' : Buffer.alloc(64, 7).toString('base64url');
  return `${part({ alg, typ: 'JWT' })}.${part(claims)}.${signature}`;
}

function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** Cookie value of `name` in Set-Cookie lines. */
function setCookieValue(lines: string[], name: string): string | undefined {
  const line = lines.find((item) => item.startsWith(`${name}=`));
  return line?.slice(name.length + 1).split(';')[0];
}

/** The BFF's cookie rewrite: no Domain, Secure only on https (the e2e app is http), session cookies on Path=/. */
function expectAppOriginCookies(lines: string[]) {
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(line).not.toMatch(/;\s*domain=/i);
    expect(line).not.toMatch(/;\s*secure\b/i);
    expect(line).toMatch(/;\s*HttpOnly\b/);
    if (/^(access_token|refresh_token)=/.test(line)) {
      expect(line).toMatch(/;\s*Path=\/(;|$)/);
      expect(line).toMatch(/;\s*SameSite=Lax\b/);
    }
  }
}

/** Both session cookies deleted on the app origin. */
function expectSessionDeleted(lines: string[]) {
  expectAppOriginCookies(lines);
  for (const name of ['access_token', 'refresh_token']) {
    const line = lines.find((item) => item.startsWith(`${name}=;`));
    expect(line, `${name} deletion in ${JSON.stringify(lines)}`).toBeTruthy();
    expect(line).toMatch(/Max-Age=0/);
  }
}

async function signedInSession(browserContext: BrowserContext) {
  const cookies = await browserContext.cookies();
  const value = (name: string) => cookies.find((cookie) => cookie.name === name)?.value ?? '';
  return { access: value('access_token'), refresh: value('refresh_token') };
}

/** A POST through node:http, its body written in 256 KB pieces, with a length or chunked. */
function streamPost(
  path: string,
  contentType: string,
  body: Buffer,
  chunked: boolean,
): Promise<Pick<RawResponse, 'status' | 'headers' | 'text'>> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: APP_PORT,
        path,
        method: 'POST',
        headers: {
          host: `localhost:${APP_PORT}`,
          cookie: `access_token=${accessToken}`,
          ...writeHeaders,
          'content-type': contentType,
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': body.length }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) headers[name] = String(value);
          }
          resolve({
            status: response.statusCode ?? 0,
            headers,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    for (let at = 0; at < body.length; at += 256 * 1024) {
      request.write(body.subarray(at, at + 256 * 1024));
    }
    request.end();
  });
}

test.beforeAll(async ({ browser }) => {
  spy = { server: net.createServer(), origin: '', hostPort: '', connections: 0 };
  spy.server.on('connection', (socket) => {
    spy.connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => spy.server.listen(0, '127.0.0.1', resolve));
  const { port } = spy.server.address() as net.AddressInfo;
  spy.hostPort = `127.0.0.1:${port}`;
  spy.origin = `http://${spy.hostPort}`;

  context = await browser.newContext({ baseURL: APP_URL });
  const page = await context.newPage();
  const who = uniqueMember('bff');
  await signIn(page, who);
  api = page.request;
  await createExercise(page, '스쿼트', [{ reps: 5, weight: 100 }]);
  await createExercise(page, '데드리프트', [{ reps: 3, weight: 140 }]);
  const check = await (await api.get('/api/login/check')).json();
  expect(check.check).toBe(true);
  member = { id: check.id, name: check.name, email: who.email };
  accessToken = (await signedInSession(context)).access;
  exercisesBefore = await (await api.get('/api/member/exercises')).json();
  expect(exercisesBefore.map((item) => item.name).sort()).toEqual(['데드리프트', '스쿼트']);
});

test.afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => spy?.server.close(resolve));
});

test('paths that try to leave /api are refused with a JSON-error 400 or never reach the BFF', async () => {
  // Encoded separators, backslashes, NUL and double encoding survive URL parsing: the BFF
  // refuses them itself (lib/bff/path.ts) with its own JSON error body.
  for (const target of [
    '/api/exercise/..%2f..%2fhealthz',
    '/api/..%2f..%2fhealthz',
    '/api/login%2fcheck',
    '/api/exercise/..%5c..%5chealthz',
    '/api/%252e%252e/healthz',
    '/api/exercise/%252fhealthz',
    '/api/login/%00check',
    '/oauth2/dev/..%2f..%2fapi%2fmember%2fexercises',
    '/login/oauth2/..%2f..%2fapi/member/exercises',
  ]) {
    expectErrorBody(await raw('GET', target, [session()]), 400, MSG.badRequest);
  }
  // Escapes that do not decode at all: Next's router used to answer these with a bare 500
  // before the BFF ran; proxy.ts now gives the BFF's 400 (lib/bff/bad-escapes.test.ts).
  for (const target of [
    '/api/%zz',
    '/api/login/check%zz',
    '/api/exercise/1%',
    '/api/exercise/%4',
    '/api/%ff',
    '/api/%c0%ae%c0%ae/healthz',
    '/oauth2/authorization/google%zz',
    '/login/oauth2/code/google%E0%A4%A',
  ]) {
    expectErrorBody(await raw('GET', target, [session()]), 400, MSG.badRequest);
    expectErrorBody(
      await raw('POST', target, [session(), sameOrigin, ['Content-Length', '2']], '{}'),
      400,
      MSG.badRequest,
    );
  }
  // Raw and %2e dot segments are resolved by URL parsing before routing, so they can only step
  // out of /api into the app's own pages (here: a page, so anonymous → /login), never upstream.
  for (const target of [
    '/api/../no-such-page',
    '/api/%2e%2e/no-such-page',
    '/api/./../no-such-page',
  ]) {
    const response = await raw('GET', target);
    expect(response.status).toBe(307);
    expect(response.headers.location).toBe('/login?next=%2Fno-such-page');
  }
  // ...and back into /api only as the path they spell.
  expect(json<{ check: boolean }>(await raw('GET', '/api/x/../login/check')).check).toBe(false);
  // Backslashes and repeated slashes are folded by Next into a same-origin relative redirect.
  for (const [target, location] of [
    ['/api/exercise\\..\\..\\healthz', '/healthz'],
    ['//evil.example', '/evil.example'],
    ['/\\evil.example', '/evil.example'],
    [`/api//${spy.hostPort}/x`, `/api/${spy.hostPort}/x`],
  ]) {
    const response = await raw('GET', target, [session()]);
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe(location);
  }
  // A NUL byte on the wire is refused by the HTTP parser itself.
  expect((await raw('GET', '/api/login/check\0', [session()])).status).toBe(400);
});

test('overlong URLs and headers are 4xx, never 5xx', async () => {
  // 9 KB path segment: through the BFF to the backend's router, which refuses it with a JSON-error 414.
  expectErrorBody(await raw('GET', `/api/exercise/${'9'.repeat(9000)}`, [session()]), 414);
  // 9 KB query: an ordinary request.
  const check = await raw('GET', `/api/login/check?junk=${'q'.repeat(9000)}`, [session()]);
  expect(json<{ check: boolean }>(check).check).toBe(true);
  // Past Node's 16 KB header limit: 431 from the HTTP server, before the app.
  expect((await raw('GET', `/api/exercise/${'9'.repeat(20_000)}`, [session()])).status).toBe(431);
  expect(
    (await raw('GET', '/api/member/exercises', [session(), ['X-Big', 'b'.repeat(20_000)]])).status,
  ).toBe(431);
  // Large but acceptable headers and cookies go through untouched.
  for (const headers of [
    [['Cookie', `junk=${'j'.repeat(12_000)}; access_token=${accessToken}`]],
    [session(), ['User-Agent', 'u'.repeat(14_000)]],
    [
      [
        'Cookie',
        `${Array.from({ length: 300 }, (_, i) => `c${i}=v${i}`).join('; ')}; access_token=${accessToken}`,
      ],
    ],
    [['Cookie', 'a=b'], session()],
  ] as [string, string][][]) {
    const response = await raw('GET', '/api/member/exercises', headers);
    expect(response.status).toBe(200);
    expect(json<Exercise[]>(response)).toEqual(exercisesBefore);
  }
});

test('malformed framing is refused with 400 by the HTTP server, before the app', async () => {
  const post = (headers: string[], body = '') =>
    Buffer.from(
      `POST /api/exercise HTTP/1.1\r\nHost: localhost:${APP_PORT}\r\nConnection: close\r\n` +
        `Cookie: access_token=${accessToken}\r\nOrigin: ${writeHeaders.origin}\r\n` +
        headers.map((line) => `${line}\r\n`).join('') +
        `\r\n${body}`,
      'latin1',
    );
  for (const bytes of [
    post(['Content-Length: 2', 'Content-Length: 3'], '{}'),
    post(['Content-Length: 4', 'Transfer-Encoding: chunked'], '0\r\n\r\n'),
    post(['Transfer-Encoding: chunked'], 'zz\r\n{}\r\n0\r\n\r\n'),
    post(['Transfer-Encoding: xchunked'], '0\r\n\r\n'),
    post(['Transfer-Encoding: chunked, identity'], '0\r\n\r\n'),
    post(['Transfer-Encoding : chunked'], '0\r\n\r\n'),
    post(['Content-Length: -1']),
    post(['Content-Length: 99999999999999999999999']),
    post(['Content-Length: 1e3']),
    post(['BadHeaderWithoutColon']),
    post(['X-Space : before-colon']),
    post(['User-Agent: a\x01b']),
    post(['User-Agent: a\x7fb']),
    post(['X-Folded: a', ' folded-continuation']),
  ]) {
    const result = await rawExchange(bytes);
    expect(result.response?.status, bytes.toString('latin1').slice(0, 300)).toBe(400);
  }
  // Methods the parser does not know.
  expect((await raw('FOO', '/api/login/check')).status).toBe(400);
  // A Content-Length shorter than the body: the rest is read as a second request, which is
  // garbage. Whatever the timing, no answer on the connection is a 5xx.
  expectNoServerError(
    await rawExchange(post(['Content-Type: application/json', 'Content-Length: 2'], '{}GARBAGE')),
  );
  // A Content-Length longer than what arrives before the client stops sending.
  expectNoServerError(
    await rawExchange(post(['Content-Type: application/json', 'Content-Length: 100'], '{"na'), {
      endAfterWrite: true,
    }),
  );
});

test('bodies: chunked uploads are forwarded whole, a body on GET is dropped', async () => {
  // The same invalid exercise sent with Content-Length and chunked gets the same field errors
  // from the backend: the chunked body arrived intact.
  const payload = JSON.stringify({ name: '', memo: 'm', repWeightList: [], classification: 'ABS' });
  const headers: [string, string][] = [session(), sameOrigin, ['Content-Type', 'application/json']];
  const plain = expectErrorBody(
    await raw(
      'POST',
      '/api/exercise',
      [...headers, ['Content-Length', String(payload.length)]],
      payload,
    ),
    400,
  );
  const half = Math.floor(payload.length / 2);
  const chunked =
    `${half.toString(16)}\r\n${payload.slice(0, half)}\r\n` +
    `${(payload.length - half).toString(16)}\r\n${payload.slice(half)}\r\n0\r\n\r\n`;
  const viaChunks = expectErrorBody(
    await raw('POST', '/api/exercise', [...headers, ['Transfer-Encoding', 'chunked']], chunked),
    400,
  );
  expect(viaChunks.data).toEqual(plain.data);
  expect(Object.keys(plain.data as object).length).toBeGreaterThan(0);
  // A transfer coding the server cannot undo reaches the backend as the bytes sent: bad JSON.
  expectErrorBody(
    await raw(
      'POST',
      '/api/exercise',
      [...headers, ['Transfer-Encoding', 'gzip, chunked']],
      '3\r\nabc\r\n0\r\n\r\n',
    ),
    400,
  );
  // GET with a body: the BFF never forwards one; the answer is the ordinary one.
  for (const extra of [
    [
      ['Content-Type', 'application/json'],
      ['Content-Length', '9'],
    ],
    [['Transfer-Encoding', 'chunked']],
  ] as [string, string][][]) {
    const body = extra[0][0] === 'Transfer-Encoding' ? '9\r\n{"a":"b"}\r\n0\r\n\r\n' : '{"a":"b"}';
    const response = await raw('GET', '/api/member/exercises', [session(), ...extra], body);
    expect(response.status).toBe(200);
    expect(json<Exercise[]>(response)).toEqual(exercisesBefore);
  }
  const head = await raw('HEAD', '/api/login/check', [session()]);
  expect(head.status).toBe(200);
  expect(head.headers['content-type']).toMatch(/^application\/json\b/);
  expect(head.body.length).toBe(0);
  // Expect: 100-continue is honoured; an unknown expectation is 417.
  const continued = await rawExchange(
    rawRequest('POST', '/api/logout', [
      ['Expect', '100-continue'],
      ['Content-Length', '0'],
    ]),
  );
  expect(continued.responses.map((item) => item.status)).toEqual([100, 200]);
  expect(
    (
      await raw('POST', '/api/logout', [
        ['Expect', 'bogus'],
        ['Content-Length', '0'],
      ])
    ).status,
  ).toBe(417);
});

test('HTTP versions, pipelining, request-target forms and odd methods', async () => {
  // HTTP/1.0 without Host.
  const old = await rawExchange(Buffer.from('GET /api/login/check HTTP/1.0\r\n\r\n', 'latin1'));
  expect(json<{ check: boolean }>(old.response!).check).toBe(false);
  // Three requests on one connection, answered in order.
  const pipelined = await rawExchange(
    Buffer.concat([
      rawRequest('GET', '/api/login/check', [['Connection', 'keep-alive'], session()]),
      rawRequest('GET', '/api/member/exercises', [['Connection', 'keep-alive']]),
      rawRequest('GET', '/api/%zz', [session()]),
    ]),
  );
  expect(pipelined.responses.map((item) => item.status)).toEqual([200, 401, 400]);
  expect(json<{ check: boolean }>(pipelined.responses[0]).check).toBe(true);
  expectErrorBody(pipelined.responses[1], 401, MSG.unauthenticated);
  expectErrorBody(pipelined.responses[2], 400, MSG.badRequest);

  // Absolute-form targets naming another origin: nothing is forwarded there, and the member's
  // data never comes back. (Next's router answers 308 to the same URL before any app code runs:
  // a redirect to where the client itself asked to go, which a browser never sends this way.)
  for (const target of [
    `${spy.origin}/api/member/exercises`,
    `${EVIL}/api/member/exercises`,
    `http://localhost:${APP_PORT}/api/member/exercises`,
  ]) {
    const result = await rawExchange(rawRequest('GET', target, [session()]));
    expectNoServerError(result);
    expect(result.response?.text ?? '').not.toContain('스쿼트');
  }
  // CONNECT and a WebSocket upgrade on /api: the server closes without forwarding anything.
  for (const bytes of [
    rawRequest('CONNECT', spy.hostPort, [
      ['Host', spy.hostPort],
      ['Connection', 'keep-alive'],
    ]),
    rawRequest('CONNECT', '/api/login/check', [['Connection', 'keep-alive']]),
    rawRequest('GET', '/api/member/exercises', [
      session(),
      ['Connection', 'Upgrade'],
      ['Upgrade', 'websocket'],
      ['Sec-WebSocket-Version', '13'],
      ['Sec-WebSocket-Key', 'dGhlIHNhbXBsZSBub25jZQ=='],
    ]),
  ]) {
    const result = await rawExchange(bytes);
    expect(result.ended).toBe('closed');
    expectNoServerError(result);
    expect(result.response?.text ?? '').not.toContain('스쿼트');
  }
  // WebDAV methods are not route handler methods: Next answers 400 itself.
  for (const method of ['PROPFIND', 'MKCOL', 'LOCK']) {
    const response = await raw(method, '/api/member/exercises', [session()]);
    expect(response.status).toBe(400);
    expect(response.text).not.toContain('스쿼트');
  }
  // OPTIONS is forwarded like any method: anonymous is the backend's 401, signed in its 404.
  expectErrorBody(await raw('OPTIONS', '/api/member/exercises'), 401, MSG.unauthenticated);
  expectErrorBody(await raw('OPTIONS', '/api/member/exercises', [session()]), 404);
  // TRACE/TRACK: Next builds a web Request for them, which throws (a forbidden method), so Next
  // answers 500 before proxy.ts or the BFF run; no app code can change that. What matters here
  // is that they are never forwarded or echoed.
  for (const method of ['TRACE', 'TRACK']) {
    const response = await raw(method, '/api/member/exercises', [
      session(),
      ['X-Trace-Me', 'secret'],
    ]);
    expect(response.status).not.toBe(200);
    expect(response.text).not.toContain('스쿼트');
    expect(response.text).not.toContain('secret');
  }
});

/**
 * Where a page answer sends the browser, as an absolute URL on the app: a 307's Location
 * (relative ones resolved against the app), or the refresh page proxy.ts answers where Next would
 * make that Location relative.
 */
function pageTarget(answer: {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}) {
  const location = answer.headers.location;
  if (answer.status === 307 && typeof location === 'string') return new URL(location, APP_URL).href;
  const refresh = answer.headers.refresh;
  expect(answer.status).toBe(200);
  expect(typeof refresh).toBe('string');
  return new URL(String(refresh).replace(/^0;url=/, '')).href;
}

test('a crafted Host, X-Forwarded-* or Forwarded never changes the upstream or the public URLs', async () => {
  const spoofs: [string, string][][] = [
    [['Host', spy.hostPort]],
    [['Host', 'evil.example']],
    [
      ['X-Forwarded-Host', spy.hostPort],
      ['X-Forwarded-Proto', 'https'],
    ],
    [
      ['X-Forwarded-Host', 'evil.example'],
      ['X-Forwarded-Port', '443'],
    ],
    [['Forwarded', `for=1.2.3.4;host=${spy.hostPort};proto=https`]],
    [
      ['Host', `localhost:${APP_PORT}`],
      ['Host', 'evil.example'],
    ],
    [
      ['X-Original-URL', '/api/healthz'],
      ['X-Rewrite-URL', '/api/healthz'],
    ],
  ];
  for (const spoof of spoofs) {
    // The member's data: so the request went to the real backend, not the spy.
    const data = await raw('GET', '/api/member/exercises', [session(), ...spoof]);
    expect(data.status).toBe(200);
    expect(json<Exercise[]>(data)).toEqual(exercisesBefore);
    // The backend saw the BFF's own x-forwarded-host/-proto: its identity provider's discovery
    // document is built from them (oidc-provider with proxy = true).
    const discovery = json<Record<string, string>>(
      await raw('GET', '/oauth2/dev/.well-known/openid-configuration', spoof),
    );
    expect(discovery.issuer).toBe(`${APP_URL}/oauth2/dev`);
    for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri']) {
      expect(discovery[key].startsWith(`${APP_URL}/oauth2/dev/`)).toBe(true);
    }
    // The sign-in start redirects to the app origin only, and its cookie is host-only.
    const start = await raw('GET', '/oauth2/authorization/google', spoof);
    expect(start.status).toBe(302);
    const location = new URL(start.headers.location);
    expect(location.origin).toBe(APP_URL);
    expect(location.searchParams.get('redirect_uri')).toBe(`${APP_URL}/login/oauth2/code/google`);
    expectAppOriginCookies(start.setCookies);
    // proxy.ts's page answers stay on the app: a crafted host is moved to PUBLIC_URL (one
    // origin), else the usual rule applies; nothing sends the browser to the crafted host.
    expect([`${APP_URL}/exercise`, `${APP_URL}/login?next=%2Fexercise`]).toContain(
      pageTarget(await raw('GET', '/exercise', spoof)),
    );
    expect([`${APP_URL}/login`, `${APP_URL}/`]).toContain(
      pageTarget(await raw('GET', '/login', [session(), ...spoof])),
    );
  }
  // The sign-in start's `next` cannot leave the app either.
  for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
    const start = await raw('GET', `/oauth2/authorization/google?next=${encodeURIComponent(next)}`);
    expect(new URL(start.headers.location).origin).toBe(APP_URL);
  }
});

test('hop-by-hop and non-allow-listed request headers are not forwarded', async () => {
  const plain = json<Exercise[]>(await raw('GET', '/api/member/exercises', [session()]));
  expect(plain).toEqual(exercisesBefore);
  // Headers a Connection header names are dropped: naming Cookie leaves the backend without
  // the session, so the call is anonymous.
  expectErrorBody(
    await raw('GET', '/api/member/exercises', [['Connection', 'close, Cookie'], session()]),
    401,
    MSG.unauthenticated,
  );
  // Hop-by-hop and foreign headers change nothing.
  const noisy = await raw('GET', '/api/member/exercises', [
    ['Connection', 'close, x-secret, keep-alive'],
    ['X-Secret', 'hop'],
    ['Keep-Alive', 'timeout=5, max=1000'],
    ['Proxy-Authorization', 'Basic YWRtaW46YWRtaW4='],
    ['Proxy-Connection', 'keep-alive'],
    ['TE', 'trailers, deflate'],
    ['Trailer', 'X-Checksum'],
    ['X-Forwarded-For', '127.0.0.1, 10.0.0.1'],
    ['X-Real-IP', '127.0.0.1'],
    ['X-Middleware-Subrequest', 'proxy:proxy:proxy:proxy:proxy'],
    ['X-Invoke-Path', '/api/healthz'],
    ['X-Matched-Path', '/api/healthz'],
    ['Next-Router-State-Tree', '%5B%22%22%5D'],
    ['Authorization', 'Bearer nonsense'],
    session(),
  ]);
  expect(noisy.status).toBe(200);
  expect(json<Exercise[]>(noisy)).toEqual(exercisesBefore);
  // An RSC request header: Next's cache-busting sends it back to the same path with `_rsc`
  // (a relative redirect), and there it is an ordinary BFF call.
  const rsc: [string, string] = ['RSC', '1'];
  const bounced = await raw('GET', '/api/member/exercises', [rsc, session()]);
  expect(bounced.status).toBe(307);
  expect(bounced.headers.location).toMatch(/^\/api\/member\/exercises\?_rsc(=[\w-]*)?$/);
  const followed = await raw('GET', bounced.headers.location, [rsc, session()]);
  expect(json<Exercise[]>(followed)).toEqual(exercisesBefore);
  // Authorization is not an allow-listed header: a valid token there is no session.
  expectErrorBody(
    await raw('GET', '/api/member/exercises', [['Authorization', `Bearer ${accessToken}`]]),
    401,
    MSG.unauthenticated,
  );
  // Next's internal-subrequest header cannot skip proxy.ts (CVE-2025-29927's shape).
  for (const value of ['proxy', 'middleware', 'src/proxy', 'proxy:proxy:proxy:proxy:proxy']) {
    const page = await raw('GET', '/exercise', [['X-Middleware-Subrequest', value]]);
    expect(page.status).toBe(307);
    expect(page.headers.location).toBe('/login?next=%2Fexercise');
  }
  // If-None-Match is allow-listed (an image answers 304), unless Connection names it.
  const feed = json<{ imageUrl: string | null }[]>(
    await raw('GET', '/api/posts?limit=50', [session()]),
  );
  const key = feed.find((post) => post.imageUrl)?.imageUrl;
  expect(key, 'the demo data has a post with an image').toBeTruthy();
  const image = await raw('GET', `/api/images/${key}`, [session()]);
  expect(image.status).toBe(200);
  // Kept a year by the browser only: an image needs a session, so no shared cache may keep it.
  expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  const etag = image.headers.etag;
  expect(etag).toBeTruthy();
  expect(
    (await raw('GET', `/api/images/${key}`, [session(), ['If-None-Match', etag]])).status,
  ).toBe(304);
  const hidden = await raw('GET', `/api/images/${key}`, [
    session(),
    ['Connection', 'close, If-None-Match'],
    ['If-None-Match', etag],
  ]);
  expect(hidden.status).toBe(200);
  expect(hidden.body.equals(image.body)).toBe(true);
});

test('anonymous calls to protected /api paths get 401 JSON, never a redirect', async () => {
  for (const [method, path] of [
    ['GET', '/api/member/exercises'],
    ['GET', '/api/member/routines'],
    ['GET', '/api/posts?limit=10'],
    ['GET', '/api/member/friend'],
    ['GET', '/api/club?isMyClubs=0'],
    ['GET', '/api/images/anything.png'],
    ['GET', '/api/no-such-endpoint'],
    ['POST', '/api/exercise'],
    ['DELETE', `/api/exercise/${exercisesBefore[0].id}`],
    ['PATCH', `/api/exercise/${exercisesBefore[0].id}`],
    ['PUT', '/api/exercise'],
  ]) {
    for (const accept of ['application/json', 'text/html,application/xhtml+xml']) {
      const headers: [string, string][] = [['Accept', accept]];
      if (method !== 'GET') headers.push(sameOrigin, ['Content-Length', '0']);
      const response = await raw(method, path, headers);
      expect(response.headers.location, `${method} ${path}`).toBeUndefined();
      expectErrorBody(response, 401, MSG.unauthenticated);
    }
  }
  // The public session check answers 200, signed out, whatever the cookies.
  expect(json<{ check: boolean }>(await raw('GET', '/api/login/check')).check).toBe(false);
});

test('garbage, forged and expired-looking tokens are 401 or check:false, never 5xx', async () => {
  const now = Math.floor(Date.now() / 1000);
  const claims = { ...jwtClaims(accessToken), iat: now, exp: now + 1800 };
  const tokens = [
    'garbage',
    '',
    '"quoted"',
    'a.b.c',
    '%zz%00',
    'x'.repeat(8000),
    forgedJwt(claims),
    forgedJwt(claims, 'none'),
    forgedJwt({ ...claims, id: 1 }),
    `${accessToken.slice(0, -4)}AAAA`,
    forgedJwt({ ...claims, exp: now - 60 }),
  ];
  for (const token of tokens) {
    const cookie: [string, string] = ['Cookie', `access_token=${token}`];
    expectErrorBody(await raw('GET', '/api/member/exercises', [cookie]), 401);
    const check = await raw('GET', '/api/login/check', [cookie]);
    expect(check.status).toBe(200);
    expect(json<{ check: boolean }>(check).check).toBe(false);
    if (token) {
      // The backend drops a cookie that fails verification; the BFF passes that on rewritten.
      expectAppOriginCookies(check.setCookies);
      expect(setCookieValue(check.setCookies, 'access_token')).toBe('');
    }
    // A write with it is refused too, and changes nothing.
    expectErrorBody(
      await raw('DELETE', `/api/exercise/${exercisesBefore[0].id}`, [cookie, sameOrigin]),
      401,
    );
  }
  // A refresh token the backend never issued: the BFF's transparent refresh is refused, the
  // request goes on without the session cookies, and both cookies are deleted.
  for (const refresh of ['garbage', 'x'.repeat(4000), '%zz', '"q"']) {
    for (const access of ['', `access_token=${forgedJwt({ ...claims, exp: now - 60 })}; `]) {
      const cookie: [string, string] = ['Cookie', `${access}refresh_token=${refresh}`];
      const check = await raw('GET', '/api/login/check', [cookie]);
      expect(json<{ check: boolean }>(check).check).toBe(false);
      expectSessionDeleted(check.setCookies);
      const protectedCall = await raw('GET', '/api/member/exercises', [cookie]);
      expectErrorBody(protectedCall, 401, MSG.unauthenticated);
      expectSessionDeleted(protectedCall.setCookies);
    }
  }
});

test('transparent refresh, its cookies rewritten for the app origin, and a stale refresh token', async ({
  browser,
}) => {
  // A second sign-in of the same member: its own token family, so the main session is untouched.
  const second = await browser.newContext({ baseURL: APP_URL });
  try {
    await signIn(await second.newPage(), { email: member.email });
    const tokens = await signedInSession(second);
    const now = Math.floor(Date.now() / 1000);
    const expired = forgedJwt({ ...jwtClaims(tokens.access), exp: now - 60 });
    const cookie: [string, string] = [
      'Cookie',
      `theme=dark; access_token=${expired}; refresh_token=${tokens.refresh}`,
    ];
    // Five concurrent calls with an expired access token share one refresh.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => raw('GET', '/api/member/exercises', [cookie])),
    );
    const issued = new Set<string>();
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(json<Exercise[]>(answer)).toEqual(exercisesBefore);
      expectAppOriginCookies(answer.setCookies);
      const refreshLine = answer.setCookies.find((line) => line.startsWith('refresh_token='));
      expect(refreshLine).toMatch(/;\s*Path=\/(;|$)/);
      expect(refreshLine).not.toContain('/api/token/refresh');
      issued.add(
        `${setCookieValue(answer.setCookies, 'access_token')}|${setCookieValue(answer.setCookies, 'refresh_token')}`,
      );
    }
    expect(issued.size).toBe(1);
    const [newAccess, newRefresh] = [...issued][0].split('|');
    expect(newRefresh).not.toBe(tokens.refresh);
    expect(jwtClaims(newAccess).exp as number).toBeGreaterThan(now);

    // Logout with the new cookies: deletions rewritten to the paths the cookies live on.
    const logout = await raw('POST', '/api/logout', [
      ['Cookie', `access_token=${newAccess}; refresh_token=${newRefresh}`],
      sameOrigin,
      ['Content-Length', '0'],
    ]);
    expect(logout.status).toBe(200);
    expectSessionDeleted(logout.setCookies);
    // The revoked (stale) refresh token no longer yields a session.
    const stale: [string, string] = ['Cookie', `refresh_token=${newRefresh}`];
    const check = await raw('GET', '/api/login/check', [stale]);
    expect(json<{ check: boolean }>(check).check).toBe(false);
    expectSessionDeleted(check.setCookies);
    const protectedCall = await raw('GET', '/api/member/exercises', [
      [
        'Cookie',
        `access_token=${forgedJwt({ ...jwtClaims(newAccess), exp: now - 60 })}; refresh_token=${newRefresh}`,
      ],
    ]);
    expectErrorBody(protectedCall, 401, MSG.unauthenticated);
    expectSessionDeleted(protectedCall.setCookies);
    // Refreshing by hand with it is a 401 too.
    expectErrorBody(
      await raw('POST', '/api/token/refresh', [stale, sameOrigin, ['Content-Length', '0']]),
      401,
    );
  } finally {
    await second.close();
  }
});

test('a foreign Origin cannot write, however it is dressed up', async () => {
  const id = exercisesBefore[0].id;
  const name = `csrf-${Date.now().toString(36)}`;
  const writes: [string, string, string?][] = [
    ['POST', `/api/routine?name=${name}`],
    ['DELETE', `/api/exercise/${id}`],
    [
      'PATCH',
      `/api/exercise/${id}`,
      JSON.stringify({
        name: 'hijacked',
        memo: '',
        repWeightList: [{ reps: 1, weight: 1 }],
        classification: 'ABS',
      }),
    ],
    ['PUT', `/api/exercise/${id}`, '{}'],
    ['POST', '/api/logout'],
  ];
  const origins: [string, string][][] = [
    [['Origin', EVIL]],
    [['Origin', 'null']],
    [['Origin', `${APP_URL}.evil.example`]],
    [['Origin', `http://localhost:${APP_PORT}0`]],
    [['Origin', `https://localhost:${APP_PORT}`]],
    [['Origin', `${APP_URL}, ${EVIL}`]],
    [sameOrigin, ['Origin', EVIL]],
    // Connection naming Origin must not hide it from the backend (fixed in lib/bff/headers.ts).
    [
      ['Connection', 'close, Origin'],
      ['Origin', EVIL],
    ],
    [
      ['Connection', 'close, origin, cookie'],
      ['Origin', EVIL],
    ],
  ];
  for (const [method, path, body] of writes) {
    for (const origin of origins) {
      const headers: [string, string][] = [session(), ...origin];
      if (body)
        headers.push(
          ['Content-Type', 'application/json'],
          ['Content-Length', String(Buffer.byteLength(body))],
        );
      else headers.push(['Content-Length', '0']);
      const response = await raw(method, path, headers, body);
      expect(response.status, `${method} ${path} ${JSON.stringify(origin)}`).toBe(403);
      expectErrorBody(response, 403, MSG.forbiddenOrigin);
    }
  }
  // The app's own Origin writes (the control), and the forged ones left nothing behind.
  const ok = await raw('POST', `/api/routine?name=ok-${name}`, [
    session(),
    sameOrigin,
    ['Content-Length', '0'],
  ]);
  expect(ok.status).toBeLessThan(300);
  const routines = json<{ routineName: string }[]>(
    await raw('GET', '/api/member/routines', [session()]),
  );
  expect(routines.map((routine) => routine.routineName)).toEqual([`ok-${name}`]);
});

test('bodies over their limit are 413 with the JSON error body (uploads, CSV imports, JSON), with or without a length', async () => {
  const boundary = '----bffhostile';
  const multipart = (size: number) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n너무 큰 사진\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      Buffer.alloc(size),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const MB = 1024 * 1024;
  const upload = (size: number, chunked: boolean) =>
    streamPost('/api/post', `multipart/form-data; boundary=${boundary}`, multipart(size), chunked);

  // Refused at the 10 MB mark while the body streams through the BFF, with or without a length.
  for (const chunked of [false, true]) {
    expectErrorBody(await upload(10 * MB + 512 * 1024, chunked), 413, MSG.imageTooLarge);
  }

  // Past the path's limit (11 MB for an upload, 1 MB of JSON): the BFF answers 413 itself, on the
  // declared length before anything is forwarded, or at the limit while a chunked body streams.
  for (const chunked of [false, true]) {
    expectErrorBody(await upload(12 * MB, chunked), 413, MSG.imageTooLarge);
    const name = 'x'.repeat(2 * MB);
    const exercise = JSON.stringify({ name, repWeightList: [], classification: 'ABS' });
    expectErrorBody(
      await streamPost('/api/exercise', 'application/json', Buffer.from(exercise), chunked),
      413,
      MSG.payloadTooLarge,
    );
    expectErrorBody(
      await streamPost(
        '/api/member/import/preview',
        `multipart/form-data; boundary=${boundary}`,
        multipart(7 * MB),
        chunked,
      ),
      413,
      MSG.importTooLarge,
    );
  }
  expect(json<unknown[]>(await raw('GET', '/api/member/posts', [session()]))).toEqual([]);
  expect(json<Exercise[]>(await raw('GET', '/api/member/exercises', [session()]))).toEqual(
    exercisesBefore,
  );
});

test('a lone surrogate in a JSON text field is refused with 400 naming it, not stored as U+FFFD', async () => {
  const exercise =
    '{"name":"벤치\\ud800","repWeightList":[{"reps":1,"weight":1}],"classification":"ABS"}';
  const response = await raw(
    'POST',
    '/api/exercise',
    [
      session(),
      sameOrigin,
      ['Content-Type', 'application/json'],
      ['Content-Length', String(Buffer.byteLength(exercise))],
    ],
    exercise,
  );
  const body = expectErrorBody(response, 400, '입력값이 올바르지 않습니다.');
  expect(body.data).toEqual({ name: '사용할 수 없는 문자가 포함되어 있습니다.' });
  expect(json<Exercise[]>(await raw('GET', '/api/member/exercises', [session()]))).toEqual(
    exercisesBefore,
  );
});

test('a query escape that decodes to no text is refused with 400 naming the parameter', async () => {
  // Next's router re-encodes the query before the BFF runs (`%E0%A4%A` arrives as `%EF%BF%BD%25A`,
  // a UTF-8-encoded surrogate as three U+FFFD); the BFF refuses what the escape became.
  for (const query of ['name=%E0%A4%A&isMyClubs=0', 'name=%ED%A0%80&isMyClubs=0']) {
    const response = await raw('GET', `/api/clubs?${query}`, [session()]);
    const body = expectErrorBody(response, 400, '입력값이 올바르지 않습니다.');
    expect(body.data).toEqual({ name: '사용할 수 없는 문자가 포함되어 있습니다.' });
  }
  const search = await raw('GET', '/api/clubs?name=%EB%9F%AC%EB%8B%9D&isMyClubs=0', [session()]);
  expect(search.status).toBe(200);
});

test('after the sweep: nothing reached the other site, and the app and the member are fine', async () => {
  expect(spy.connections).toBe(0);
  const check = await (await api.get('/api/login/check')).json();
  expect(check).toMatchObject({ id: member.id, name: member.name, check: true });
  expect(await (await api.get('/api/member/exercises')).json()).toEqual(exercisesBefore);
  expect((await api.get('/healthz')).ok()).toBe(true);
  const page = await context.newPage();
  await page.goto('/exercise');
  await expect(page).toHaveURL(/\/exercise$/);
  await expect(page.getByText('스쿼트').first()).toBeVisible();
  await expect(page.getByText('데드리프트').first()).toBeVisible();
});
