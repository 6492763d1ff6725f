import 'server-only';
import { VALIDATION_MESSAGE, type ErrorBody } from '@/lib/contract/errors';

/** `LocalDateTime` in Asia/Seoul (UTC+9, no DST) without offset, as the backend writes it. */
function seoulTimestamp(now = Date.now()): string {
  return new Date(now + 9 * 3_600_000).toISOString().slice(0, 23);
}

/** The §4 error body for a status the BFF itself decides; `data` names fields at fault. */
export function errorBody(
  status: number,
  message: string,
  data: Record<string, string> | null = null,
): ErrorBody {
  return { code: String(status), message, data, timestamp: seoulTimestamp(), path: null };
}

/** A JSON error response (decisions.md §4); `headers` may carry Set-Cookie lines to append. */
export function errorResponse(
  status: number,
  message: string,
  setCookies?: readonly string[],
): Response {
  const headers = new Headers({
    'content-type': 'application/json',
    'cache-control': 'no-store',
  });
  if (setCookies) for (const line of setCookies) headers.append('set-cookie', line);
  return new Response(JSON.stringify(errorBody(status, message)), { status, headers });
}

/** A 400 naming the field at fault, as the backend's validation errors do. */
export function fieldErrorResponse(field: string, message: string): Response {
  return new Response(JSON.stringify(errorBody(400, VALIDATION_MESSAGE, { [field]: message })), {
    status: 400,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}
