import * as z from 'zod/mini';

import { api, buildUrl, request, requestJson } from './client';
import { ApiError, isRateLimited, parseRetryAfter, rateLimitMessage } from './errors';
import { AUTH_UNAUTHORIZED_EVENT } from './events';
import { loginCheck, logout, refreshToken } from './session';
import { resetSessionBridge, setRefreshHandler, setSessionSnapshot } from './session-bridge';

function fakeResponse(
  status: number,
  body: unknown = null,
  headers: Record<string, string> = {},
): Response {
  const text = body === null ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(headers),
    text: async () => text,
  } as unknown as Response;
}

const errorBody = {
  code: '401',
  message: 'Unauthorized',
  data: null,
  timestamp: '2024-01-01T00:00:00',
  path: null,
};

let fetchMock: jest.Mock;
let unauthorized: jest.Mock;
let warn: jest.SpyInstance;
let error: jest.SpyInstance;

beforeEach(() => {
  resetSessionBridge();
  fetchMock = jest.fn();
  global.fetch = fetchMock;
  unauthorized = jest.fn();
  window.addEventListener(AUTH_UNAUTHORIZED_EVENT, unauthorized);
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  window.removeEventListener(AUTH_UNAUTHORIZED_EVENT, unauthorized);
  warn.mockRestore();
  error.mockRestore();
});

function signIn() {
  setSessionSnapshot({ isAuthenticated: true, needTokenRefresh: false });
}

describe('fetch wrapper', () => {
  it('sends same-origin requests with credentials and JSON bodies', async () => {
    signIn();
    fetchMock.mockResolvedValue(fakeResponse(200, { id: 1 }));
    await expect(
      api.post('/api/club', { title: 'a' }, { query: { x: 1, y: undefined } }),
    ).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/club?x=1');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"title":"a"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('builds query strings and refuses other origins', () => {
    expect(buildUrl('/api/posts', { limit: 5, postId: null })).toBe('/api/posts?limit=5');
    expect(() => buildUrl('https://evil.example/api')).toThrow();
    expect(() => buildUrl('//evil.example/api')).toThrow();
  });

  it('returns text and null bodies as they are', async () => {
    signIn();
    fetchMock
      .mockResolvedValueOnce(fakeResponse(200, 'ok'))
      .mockResolvedValueOnce(fakeResponse(200));
    await expect(api.get('/api/a')).resolves.toBe('ok');
    await expect(api.delete('/api/b')).resolves.toBeNull();
  });

  it('throws ApiError with status and parsed error body', async () => {
    signIn();
    const body = {
      code: '400',
      message: 'Bad',
      data: { name: 'required' },
      timestamp: 't',
      path: null,
    };
    fetchMock.mockResolvedValue(fakeResponse(400, body));
    const failure = await api.post('/api/exercise', {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, kind: 'http', message: 'Bad', body });
    expect((failure as ApiError).fieldErrors).toEqual({ name: 'required' });
  });

  it("keeps a 429's Retry-After and words the refusal with the server's message", async () => {
    signIn();
    const body = {
      code: '429',
      message: '요청이 너무 많습니다. 12분 후에 다시 시도해주세요.',
      data: null,
      timestamp: 't',
      path: null,
    };
    fetchMock.mockResolvedValue(fakeResponse(429, body, { 'Retry-After': '720' }));
    const failure = await api.post('/api/comment', {}).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 429, kind: 'http', retryAfterSeconds: 720 });
    expect(isRateLimited(failure)).toBe(true);
    expect(rateLimitMessage(failure)).toBe(body.message);
    expect(fetchMock).toHaveBeenCalledTimes(1); // never retried by the client itself

    // A 429 without the backend's body (a proxy's): the wait comes from Retry-After.
    fetchMock.mockResolvedValue(fakeResponse(429, 'Too Many Requests', { 'Retry-After': '90' }));
    const bare = await api.post('/api/comment', {}).catch((e: unknown) => e);
    expect(rateLimitMessage(bare)).toBe('요청이 너무 많습니다. 2분 후에 다시 시도해주세요.');
    fetchMock.mockResolvedValue(fakeResponse(429, null));
    const noWait = await api.post('/api/comment', {}).catch((e: unknown) => e);
    expect(rateLimitMessage(noWait)).toBe('요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
    // Any other failure is not a rate limit.
    fetchMock.mockResolvedValue(fakeResponse(400, { ...body, code: '400', message: 'Bad' }));
    const other = await api.post('/api/comment', {}).catch((e: unknown) => e);
    expect(isRateLimited(other)).toBe(false);
    expect(rateLimitMessage(other)).toBeNull();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sun, 01 Mar 2026 00:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Sat, 28 Feb 2026 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('validates with a schema when given', async () => {
    signIn();
    fetchMock.mockResolvedValue(fakeResponse(200, { n: 'x' }));
    await expect(
      requestJson('/api/a', { schema: z.object({ n: z.number() }) }),
    ).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    signIn();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('/api/a')).rejects.toMatchObject({
      kind: 'network',
      status: 0,
      message: '서버에 연결할 수 없습니다.',
    });
  });

  it('passes AbortError through unchanged', async () => {
    signIn();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValue(abort);
    await expect(request('/api/a')).rejects.toBe(abort);
    expect(unauthorized).not.toHaveBeenCalled();
  });
});

describe('request guard: unauthenticated', () => {
  it.each(['/api/login/check', '/api/token/refresh', '/login', '/oauth2/authorization/google'])(
    'lets %s through',
    async (path) => {
      fetchMock.mockResolvedValue(fakeResponse(200, { check: false }));
      await request(path, { method: path === '/api/token/refresh' ? 'POST' : 'GET' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(unauthorized).not.toHaveBeenCalled();
    },
  );

  it('rejects anything else before sending and fires auth:unauthorized', async () => {
    const failure = await request('/api/member/exercises').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('인증되지 않은 요청입니다.');
    expect((failure as ApiError).kind).toBe('unauthenticated');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('matches the path, not a prefix or the query', async () => {
    await expect(request('/api/login/check/../../member/exercises')).rejects.toThrow(
      '인증되지 않은 요청입니다.',
    );
    fetchMock.mockResolvedValue(fakeResponse(200, { check: false }));
    await expect(request('/api/login/check', { query: { t: 1 } })).resolves.toBeDefined();
  });
});

describe('request guard: needTokenRefresh', () => {
  beforeEach(() => {
    setSessionSnapshot({ isAuthenticated: true, needTokenRefresh: true });
  });

  it('rejects locally as 401 with 토큰이 만료되었습니다. and logs the URL', async () => {
    const refresh = jest.fn().mockResolvedValue(false);
    setRefreshHandler(refresh);
    const failure = await request('/api/member/routines').catch((e: unknown) => e);
    expect(failure).toMatchObject({
      status: 401,
      kind: 'token-expired',
      message: '토큰이 만료되었습니다.',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/api/member/routines'));
  });

  it('lets the refresh call through', async () => {
    fetchMock.mockResolvedValue(fakeResponse(200));
    await expect(refreshToken()).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/token/refresh',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
  });

  it('refreshes and replays the request once the flag is cleared', async () => {
    setRefreshHandler(async () => {
      setSessionSnapshot({ isAuthenticated: true, needTokenRefresh: false });
      return true;
    });
    fetchMock.mockResolvedValue(fakeResponse(200, [1]));
    await expect(api.get('/api/member/routines')).resolves.toEqual([1]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('401 → refresh → one retry', () => {
  beforeEach(signIn);

  it('replays the original request once when refresh returns true', async () => {
    const refresh = jest.fn().mockResolvedValue(true);
    setRefreshHandler(refresh);
    fetchMock
      .mockResolvedValueOnce(fakeResponse(401, errorBody))
      .mockResolvedValueOnce(fakeResponse(200, { ok: true }));
    await expect(api.post('/api/comment', { postId: 1, text: 'hi' })).resolves.toEqual({
      ok: true,
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1][1]).toMatchObject({
      method: 'POST',
      body: '{"postId":1,"text":"hi"}',
    });
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('fires auth:unauthorized and fails when refresh returns false', async () => {
    setRefreshHandler(jest.fn().mockResolvedValue(false));
    fetchMock.mockResolvedValue(fakeResponse(401, errorBody));
    await expect(request('/api/member/friend')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('token refresh failed');
  });

  it('fires auth:unauthorized and fails when refresh throws', async () => {
    setRefreshHandler(jest.fn().mockRejectedValue(new Error('boom')));
    fetchMock.mockResolvedValue(fakeResponse(401, errorBody));
    await expect(request('/api/member/friend')).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('token refresh failed', expect.any(Error));
  });

  it('keeps the session when the refresh finds no connection (offline), failing as offline', async () => {
    const offline = new ApiError({
      kind: 'network',
      status: 0,
      message: '서버에 연결할 수 없습니다.',
      url: '/api/token/refresh',
      method: 'POST',
    });
    setRefreshHandler(jest.fn().mockRejectedValue(offline));
    fetchMock.mockResolvedValue(fakeResponse(401, errorBody));
    await expect(request('/api/member/friend')).rejects.toBe(offline);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('does not loop: a second 401 after the retry fails without another refresh', async () => {
    const refresh = jest.fn().mockResolvedValue(true);
    setRefreshHandler(refresh);
    fetchMock.mockResolvedValue(fakeResponse(401, errorBody));
    await expect(request('/api/member/friend')).rejects.toMatchObject({
      status: 401,
      kind: 'http',
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('marks retries per request: two requests each get their own retry, sharing one refresh', async () => {
    let release: (value: boolean) => void = () => undefined;
    const refresh = jest.fn(() => new Promise<boolean>((resolve) => (release = resolve)));
    setRefreshHandler(refresh);
    fetchMock
      .mockResolvedValueOnce(fakeResponse(401, errorBody))
      .mockResolvedValueOnce(fakeResponse(401, errorBody))
      .mockResolvedValue(fakeResponse(200, 'ok'));
    const both = Promise.all([request('/api/a'), request('/api/b')]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    release(true);
    await expect(both).resolves.toHaveLength(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('never refreshes because of the refresh call itself', async () => {
    const refresh = jest.fn().mockResolvedValue(true);
    setRefreshHandler(refresh);
    fetchMock.mockResolvedValue(fakeResponse(401, errorBody));
    await expect(refreshToken()).resolves.toBe(false);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('passes AbortError of the replay through unchanged', async () => {
    setRefreshHandler(jest.fn().mockResolvedValue(true));
    const abort = new DOMException('aborted', 'AbortError');
    fetchMock.mockResolvedValueOnce(fakeResponse(401, errorBody)).mockRejectedValueOnce(abort);
    await expect(request('/api/a')).rejects.toBe(abort);
    expect(unauthorized).not.toHaveBeenCalled();
  });
});

describe('session calls', () => {
  it('loginCheck parses the contract', async () => {
    fetchMock.mockResolvedValue(
      fakeResponse(200, { id: 1, name: 'A', picture: null, expiresIn: 29, check: true }),
    );
    await expect(loginCheck()).resolves.toEqual({
      id: 1,
      name: 'A',
      picture: null,
      expiresIn: 29,
      check: true,
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/login/check');
  });

  it('loginCheck rejects a malformed answer', async () => {
    fetchMock.mockResolvedValue(fakeResponse(200, { nope: true }));
    await expect(loginCheck()).rejects.toBeInstanceOf(ApiError);
  });

  it('logout returns true on success and false on failure', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(fakeResponse(200, 'ok'));
    await expect(logout()).resolves.toBe(true);
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/logout',
      expect.objectContaining({ method: 'POST' }),
    ]);
    fetchMock.mockResolvedValueOnce(fakeResponse(500, { ...errorBody, code: '500' }));
    await expect(logout()).resolves.toBe(false);
  });

  it('refreshToken is true only for HTTP 200', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(200));
    await expect(refreshToken()).resolves.toBe(true);
    fetchMock.mockResolvedValueOnce(fakeResponse(204));
    await expect(refreshToken()).resolves.toBe(false);
    fetchMock.mockResolvedValueOnce(fakeResponse(401, errorBody));
    await expect(refreshToken()).resolves.toBe(false);
    // No answer at all is not a refused refresh: it rejects as offline.
    fetchMock.mockRejectedValueOnce(new TypeError('down'));
    await expect(refreshToken()).rejects.toMatchObject({ kind: 'network', status: 0 });
  });
});
