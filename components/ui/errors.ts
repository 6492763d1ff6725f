import { isApiError, rateLimitMessage } from '@/lib/api/errors';

/**
 * A message for a failed write the member can act on: the backend's own (Korean) message for an
 * HTTP error body (for a 429 also without one: `요청이 너무 많습니다…` with the wait),
 * `서버에 연결할 수 없습니다.` when the server is unreachable, else `fallback`.
 */
export function describeError(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const limited = rateLimitMessage(error);
  if (limited) return limited;
  if (error.kind === 'network') return error.message;
  if (error.kind === 'http' && error.body?.message) return error.body.message;
  return fallback;
}

/**
 * The spec's fixed text for a failed write (`업로드 실패!`, `댓글 추가 중 오류가 발생했습니다.`, …),
 * except when the server refused for now (429): then its message, which says how long to wait.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return rateLimitMessage(error) ?? fallback;
}

/** The 400 answer's `{field: message}` map (the error body's `data`), or an empty object. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return isApiError(error) ? error.fieldErrors : {};
}

/**
 * Per-item set messages of a 400 answer to a list body (`[{…, repWeightList: […]}, …]`, the day
 * log's and the routine's set PATCH): a field such as `1.repWeightList.0.reps` or `1.repWeightList`
 * names the item sent at index 1, whose key is `keys[1]`. The first message per item is kept;
 * fields about anything else (ids, sequences) are left out. Empty when nothing maps.
 */
export function setErrorsFromFields(
  fields: Record<string, string>,
  keys: readonly number[],
): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const match = /^\[?(\d+)\]?\.repWeightList(?:$|[.[])/.exec(field);
    if (!match) continue;
    const key = keys[Number(match[1])];
    if (key !== undefined && errors[key] === undefined) errors[key] = message;
  }
  return errors;
}
