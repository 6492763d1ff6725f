import { INVALID_CHARACTER_MESSAGE, type ErrorBody } from '@/lib/contract/errors';

/** Current time as a Spring LocalDateTime in Asia/Seoul (UTC+9, no DST), without offset. */
export function seoulTimestamp(date: Date = new Date()): string {
  return new Date(date.getTime() + 9 * 3600_000).toISOString().slice(0, -1);
}

/** The JSON error body of decisions.md §4. */
export function errorBody(
  status: number,
  message: string,
  data: Record<string, string> | null = null,
): ErrorBody {
  return { code: String(status), message, data, timestamp: seoulTimestamp(), path: null };
}

/** Thrown by routes and hooks; the error handler turns it into the error body with `status`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: Record<string, string> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const MESSAGES = {
  unauthenticated: '인증되지 않은 요청입니다.',
  expired: '토큰이 만료되었습니다.',
  forbiddenOrigin: '허용되지 않은 출처의 요청입니다.',
  forbidden: '접근 권한이 없습니다.',
  notFound: '요청한 리소스를 찾을 수 없습니다.',
  badRequest: '잘못된 요청입니다.',
  payloadTooLarge: '요청 본문이 너무 큽니다.',
  unsupportedMediaType: '지원하지 않는 형식입니다.',
  validation: '입력값이 올바르지 않습니다.',
  invalidCharacter: INVALID_CHARACTER_MESSAGE,
  internal: '서버 오류가 발생했습니다.',
} as const;
