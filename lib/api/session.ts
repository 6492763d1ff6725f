import { type LoginCheck, loginCheckSchema } from '@/lib/contract/session';

import { request, requestJson } from './client';
import { isAbortError, isNetworkError } from './errors';
import { LOGIN_CHECK_PATH, LOGOUT_PATH, TOKEN_REFRESH_PATH } from './keys';

/** GET /api/login/check, parsed with the contract schema; rejects on network or shape errors. */
export function loginCheck(signal?: AbortSignal): Promise<LoginCheck> {
  return requestJson(LOGIN_CHECK_PATH, { schema: loginCheckSchema, signal, cache: 'no-store' });
}

/** POST /api/logout; true when the server accepted it, false on any failure. */
export async function logout(): Promise<boolean> {
  try {
    await request(LOGOUT_PATH, { method: 'POST' });
    return true;
  } catch (error) {
    if (isAbortError(error)) throw error;
    return false;
  }
}

/**
 * POST /api/token/refresh with an empty body; HTTP 200 is success (true), any answer else false.
 * No answer at all (no connection: a phone in a basement gym) rejects with the network error
 * instead: the session is not over, the refresh just could not be tried, and the request guard
 * leaves the member signed in (lib/offline keeps their changes until the connection is back).
 */
export async function refreshToken(): Promise<boolean> {
  try {
    const response = await request(TOKEN_REFRESH_PATH, { method: 'POST', cache: 'no-store' });
    return response.status === 200;
  } catch (error) {
    if (isAbortError(error) || isNetworkError(error)) throw error;
    return false;
  }
}
