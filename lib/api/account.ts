import { request } from './client';
import { MEMBER_PATH } from './keys';

/**
 * DELETE /api/member (계정 삭제): the backend deletes the member with everything they own and
 * clears the session cookies (204). Rejects with the ApiError of a refusal or a failed connection.
 */
export async function deleteAccount(): Promise<void> {
  await request(MEMBER_PATH, { method: 'DELETE' });
}
