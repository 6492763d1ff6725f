import assert from 'node:assert/strict';

import { type ErrorBody, errorBodySchema } from '@/lib/contract/errors';

import { signAccessToken } from '../../src/auth/access-token';
import type { Member } from '../../src/db/schema';
import { TEST_JWT_KEY, type TestServer } from './app';

export interface ApiClient {
  /** A request as this member; `body` is sent as JSON (a string is sent as is). */
  call(method: string, path: string, body?: unknown): Promise<Response>;
  /** 200 JSON of a GET. */
  get<T = unknown>(path: string): Promise<T>;
  /** Asserts status and a plain-text body. */
  text(method: string, path: string, body: unknown, status: number, text: string): Promise<void>;
  /** Asserts an error status and returns the parsed error body. */
  error(method: string, path: string, body: unknown, status: number): Promise<ErrorBody>;
}

/** The Cookie header of a session as `member`. */
export async function sessionCookie(member: Member): Promise<string> {
  return `access_token=${await signAccessToken(TEST_JWT_KEY, member, 30)}`;
}

/** A JSON client signed in as `member` through an access-token cookie. */
export async function apiClient(server: TestServer, member: Member): Promise<ApiClient> {
  const cookie = await sessionCookie(member);
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    call,
    async get<T>(path: string) {
      const response = await call('GET', path);
      const text = await response.text();
      assert.equal(response.status, 200, `GET ${path}: ${text}`);
      return JSON.parse(text) as T;
    },
    async text(method, path, body, status, expected) {
      const response = await call(method, path, body);
      const text = await response.text();
      assert.equal(response.status, status, `${method} ${path}: ${text}`);
      assert.equal(text, expected, `${method} ${path}`);
      if (expected !== '') {
        assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
      }
    },
    async error(method, path, body, status) {
      const response = await call(method, path, body);
      const text = await response.text();
      assert.equal(response.status, status, `${method} ${path}: ${text}`);
      const parsed = errorBodySchema.parse(JSON.parse(text));
      assert.equal(parsed.code, String(status));
      return parsed;
    },
  };
}
