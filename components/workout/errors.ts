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
