import './zod-csp';

import * as z from 'zod/mini';

/**
 * The error body of every 4xx/5xx answer, shaped like the original backend's business errors:
 * `code` is the HTTP status as a string; `data` holds `{field: message}` for field validation
 * errors and is null otherwise.
 */
export const errorBodySchema = z.object({
  code: z.string().check(z.regex(/^\d{3}$/)),
  message: z.string(),
  data: z.nullable(z.record(z.string(), z.string())),
  timestamp: z.string(),
  path: z.nullable(z.string()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A text field holding a character the database cannot store (NUL): chat frames and the backend. */
export const INVALID_CHARACTER_MESSAGE = '사용할 수 없는 문자가 포함되어 있습니다.';

/** The message of a 400 whose `data` names the fields at fault (the backend's validation errors). */
export const VALIDATION_MESSAGE = '입력값이 올바르지 않습니다.';

/** A moment as a Spring `LocalDateTime` in Asia/Seoul (UTC+9, no DST), without offset. */
export function seoulTimestamp(date: Date = new Date()): string {
  return new Date(date.getTime() + 9 * 3_600_000).toISOString().slice(0, -1);
}

/** The error body for `status`, for the backend's and the BFF's own refusals alike. */
export function errorBody(
  status: number,
  message: string,
  data: Record<string, string> | null = null,
): ErrorBody {
  return { code: String(status), message, data, timestamp: seoulTimestamp(), path: null };
}
