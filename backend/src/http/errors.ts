import {
  errorBody,
  INVALID_CHARACTER_MESSAGE,
  seoulTimestamp,
  VALIDATION_MESSAGE,
} from '@/lib/contract/errors';
import { PAYLOAD_TOO_LARGE_MESSAGE } from '@/lib/contract/limits';
import { formatWait } from '@/lib/shared/wait';

export { errorBody, formatWait, seoulTimestamp };

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

/**
 * A 429: over a rate limit or the daily upload quota. The error handler adds `Retry-After`;
 * `location` (a browser's refused sign-in start) answers with a redirect there instead.
 */
export class TooManyRequestsError extends ApiError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = tooManyRequestsMessage(retryAfterSeconds),
    readonly location: string | null = null,
  ) {
    super(429, message);
    this.name = 'TooManyRequestsError';
  }
}

/** A size in MB (whole when it is), for the upload quota's message. */
function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)}MB`;
}

/** The message of a rate limit's 429. */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  return `요청이 너무 많습니다. ${formatWait(retryAfterSeconds)} 후에 다시 시도해주세요.`;
}

/** The message of the daily upload quota's 429. */
export function uploadQuotaMessage(quotaBytes: number, retryAfterSeconds: number): string {
  return (
    `하루 업로드 용량(${formatMegabytes(quotaBytes)})을 넘어 더 올릴 수 없습니다. ` +
    `${formatWait(retryAfterSeconds)} 후에 다시 시도해주세요.`
  );
}

export const MESSAGES = {
  unauthenticated: '인증되지 않은 요청입니다.',
  expired: '토큰이 만료되었습니다.',
  forbiddenOrigin: '허용되지 않은 출처의 요청입니다.',
  forbidden: '접근 권한이 없습니다.',
  notFound: '요청한 리소스를 찾을 수 없습니다.',
  badRequest: '잘못된 요청입니다.',
  payloadTooLarge: PAYLOAD_TOO_LARGE_MESSAGE,
  headersTooLarge: '요청 헤더가 너무 큽니다.',
  requestTimeout: '요청 시간이 초과되었습니다.',
  unsupportedMediaType: '지원하지 않는 형식입니다.',
  validation: VALIDATION_MESSAGE,
  invalidCharacter: INVALID_CHARACTER_MESSAGE,
  internal: '서버 오류가 발생했습니다.',
  /** Too many chat connections wait for their ticket on this instance (503). */
  chatBusy: '채팅 연결이 많아 잠시 후 다시 시도해주세요.',
  /** A second `내 데이터 내려받기` while the member's first one is still being written (429). */
  exportRunning: '이미 내 데이터를 내려받는 중입니다. 내려받기가 끝난 뒤에 다시 시도해주세요.',
} as const;
