import { CSP_REPORT_PATH } from '@/lib/shared/security/csp';

import { IMPORT_MESSAGES } from './data-import';
import { MEMBER_MESSAGES, PICTURE_BYTES } from './member';
import { POST_MESSAGES } from './post';
import { IMPORT_LIMITS, POST_LIMITS } from './values';

/**
 * Request body limits, in bytes, shared by the backend (which enforces them) and the BFF (which
 * refuses a body over its path's limit with the same 413 before forwarding it, so that the
 * backend's early refusal never races the upload still being written).
 */

/** The 413 message of a body over the limit where no field-specific message applies. */
export const PAYLOAD_TOO_LARGE_MESSAGE = '요청 본문이 너무 큽니다.';

/** Multipart overhead allowed on top of a file before a declared length is refused at once. */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

export const BODY_LIMITS = {
  /** Any body of any route without its own limit (Fastify's `bodyLimit`): JSON, forms. */
  default: 1024 * 1024,
  /** `POST /api/post`: one photo and the text. */
  postUpload: POST_LIMITS.imageBytes + MULTIPART_OVERHEAD_BYTES,
  /** `POST /api/member/me/picture`: one profile photo. */
  picture: PICTURE_BYTES + MULTIPART_OVERHEAD_BYTES,
  /** `POST /api/member/import` and its preview: one CSV file and two fields. */
  import: IMPORT_LIMITS.fileBytes + MULTIPART_OVERHEAD_BYTES,
  /** `POST /api/csp-report`: a report is about 1–2 kB (Chrome batches a few). */
  cspReport: 64 * 1024,
} as const;

export interface BodyLimit {
  bytes: number;
  /** The message of the 413 (the one the backend answers on that path). */
  message: string;
}

const DEFAULT_LIMIT: BodyLimit = { bytes: BODY_LIMITS.default, message: PAYLOAD_TOO_LARGE_MESSAGE };
const LIMITS: Record<string, BodyLimit> = {
  'POST /api/post': { bytes: BODY_LIMITS.postUpload, message: POST_MESSAGES.imageTooLarge },
  'POST /api/member/me/picture': {
    bytes: BODY_LIMITS.picture,
    message: MEMBER_MESSAGES.imageTooLarge,
  },
  'POST /api/member/import': { bytes: BODY_LIMITS.import, message: IMPORT_MESSAGES.tooLarge },
  'POST /api/member/import/preview': {
    bytes: BODY_LIMITS.import,
    message: IMPORT_MESSAGES.tooLarge,
  },
  [`POST ${CSP_REPORT_PATH}`]: { bytes: BODY_LIMITS.cspReport, message: PAYLOAD_TOO_LARGE_MESSAGE },
};

/** The body limit of a request to `path` (no query) on the backend. */
export function requestBodyLimit(method: string, path: string): BodyLimit {
  return LIMITS[`${method.toUpperCase()} ${path}`] ?? DEFAULT_LIMIT;
}
