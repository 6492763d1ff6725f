import { errors, jwtVerify, SignJWT } from 'jose';

import { type AccessTokenClaims, accessTokenClaimsSchema } from '@/lib/contract/session';

export interface TokenMember {
  id: number;
  name: string;
  picture: string | null;
}

/**
 * Signs an access token with the original backend's claims (HS512, header {alg}) and, when given,
 * `sid`: the refresh-token family (session) it belongs to.
 */
export async function signAccessToken(
  key: Buffer,
  member: TokenMember,
  minutes: number,
  options: { now?: Date; sessionId?: string } = {},
): Promise<string> {
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return new SignJWT({
    id: member.id,
    name: member.name,
    picture: member.picture,
    authorities: 'USER',
    tokenType: 'access',
    ...(options.sessionId ? { sid: options.sessionId } : {}),
  })
    .setProtectedHeader({ alg: 'HS512' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + minutes * 60)
    .sign(key);
}

export type VerifyResult =
  | { ok: true; claims: AccessTokenClaims }
  | { ok: false; reason: 'missing' | 'expired' | 'invalid' };

/**
 * Verifies an access token; never throws (garbage, forged, expired and refresh tokens are
 * rejected). `clockToleranceSeconds` accepts tokens expired that long ago (follow-up requests of a
 * chat session already authenticated at its handshake).
 */
export async function verifyAccessToken(
  key: Buffer,
  token: string | undefined,
  options: { clockToleranceSeconds?: number } = {},
): Promise<VerifyResult> {
  if (!token) return { ok: false, reason: 'missing' };
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS512'],
      clockTolerance: options.clockToleranceSeconds ?? 0,
    });
    const claims = accessTokenClaimsSchema.safeParse(payload);
    return claims.success ? { ok: true, claims: claims.data } : { ok: false, reason: 'invalid' };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
