import { loginCheckSchema, type LoginCheck } from '@/lib/contract/session';
import { request, requestJson } from './client';
import { LOGIN_CHECK_PATH, LOGOUT_PATH, TOKEN_REFRESH_PATH } from './keys';
import { isAbortError } from './errors';

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

/** POST /api/token/refresh with an empty body; HTTP 200 is success (true), anything else false. */
export async function refreshToken(): Promise<boolean> {
  try {
    const response = await request(TOKEN_REFRESH_PATH, { method: 'POST', cache: 'no-store' });
    return response.status === 200;
  } catch (error) {
    if (isAbortError(error)) throw error;
    return false;
  }
}
