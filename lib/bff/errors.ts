import 'server-only';

import { type ErrorBody, errorBody, VALIDATION_MESSAGE } from '@/lib/contract/errors';

/** `body` as a JSON answer with its status; `setCookies` are Set-Cookie lines to append. */
function jsonError(body: ErrorBody, setCookies?: readonly string[]): Response {
  const headers = new Headers({
    'content-type': 'application/json',
    'cache-control': 'no-store',
  });
  if (setCookies) for (const line of setCookies) headers.append('set-cookie', line);
  return new Response(JSON.stringify(body), { status: Number(body.code), headers });
}

/**
 * A JSON error response in the backend's error body; `setCookies` are Set-Cookie lines to append.
 */
export function errorResponse(
  status: number,
  message: string,
  setCookies?: readonly string[],
): Response {
  return jsonError(errorBody(status, message), setCookies);
}

/** A 400 naming the field at fault, as the backend's validation errors do. */
export function fieldErrorResponse(field: string, message: string): Response {
  return jsonError(errorBody(400, VALIDATION_MESSAGE, { [field]: message }));
}
