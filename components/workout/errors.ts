import { isApiError } from '@/lib/api/errors';

/**
 * A message for a failed write the member can act on: the backend's own (Korean) message for an
 * HTTP error body, `서버에 연결할 수 없습니다.` when the server is unreachable, else `fallback`.
 */
export function describeError(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.kind === 'network') return error.message;
  if (error.kind === 'http' && error.body?.message) return error.body.message;
  return fallback;
}

/** The 400 answer's `{field: message}` map (decisions.md §4), or an empty object. */
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
