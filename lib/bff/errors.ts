import 'server-only';
import type { ErrorBody } from '@/lib/contract/errors';

/** `LocalDateTime` in Asia/Seoul (UTC+9, no DST) without offset, as the backend writes it. */
function seoulTimestamp(now = Date.now()): string {
  return new Date(now + 9 * 3_600_000).toISOString().slice(0, 23);
}

/** The §4 error body for a status the BFF itself decides. */
export function errorBody(status: number, message: string): ErrorBody {
  return { code: String(status), message, data: null, timestamp: seoulTimestamp(), path: null };
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
