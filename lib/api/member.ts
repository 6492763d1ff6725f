import { memberNameSchema, type MemberProfile, memberProfileSchema } from '@/lib/contract/member';

import { requestJson } from './client';

/** The own profile's path (issue 29): `PATCH` the name; `/picture` takes and removes the photo. */
export const MEMBER_ME_PATH = '/api/member/me';
const PICTURE_PATH = `${MEMBER_ME_PATH}/picture`;

/** Why `name` cannot be a member's name, or null (1–100 characters once trimmed). */
export function memberNameProblem(name: string): string | null {
  const parsed = memberNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** PATCH /api/member/me `{name}`: the member's own name (trimmed); resolves with the member. */
export function updateMemberName(name: string): Promise<MemberProfile> {
  return requestJson(MEMBER_ME_PATH, {
    method: 'PATCH',
    json: { name: name.trim() },
    schema: memberProfileSchema,
  });
}

/** POST /api/member/me/picture, multipart `file`: the new profile photo; resolves with the member. */
export function uploadMemberPicture(file: File): Promise<MemberProfile> {
  const body = new FormData();
  body.append('file', file, file.name);
  return requestJson(PICTURE_PATH, { method: 'POST', body, schema: memberProfileSchema });
}

/** DELETE /api/member/me/picture: no photo (the initial shows); resolves with the member. */
export function deleteMemberPicture(): Promise<MemberProfile> {
  return requestJson(PICTURE_PATH, { method: 'DELETE', schema: memberProfileSchema });
}
