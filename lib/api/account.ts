import { request } from './client';
import { MEMBER_EXPORT_AVAILABILITY_PATH, MEMBER_PATH } from './keys';

/**
 * DELETE /api/member (계정 삭제): the backend deletes the member with everything they own and
 * clears the session cookies (204). Rejects with the ApiError of a refusal or a failed connection.
 */
export async function deleteAccount(): Promise<void> {
  await request(MEMBER_PATH, { method: 'DELETE' });
}

/**
 * GET /api/member/export/availability: resolves when `내 데이터 내려받기` would be accepted now
 * (204); rejects with the ApiError of the export's refusal (429: one already running, or the
 * hour's budget spent, with its message and Retry-After) or of a failed connection. Spends nothing.
 */
export async function checkExportAvailability(): Promise<void> {
  await request(MEMBER_EXPORT_AVAILABILITY_PATH, { cache: 'no-store' });
}
