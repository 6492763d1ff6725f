import type { AccessTokenClaims } from '@/lib/contract/session';

import type { Member } from '../db/schema';
import { verifyAccessToken } from './access-token';
import type { AuthContext } from './context';

export type AuthenticateResult =
  | {
      ok: true;
      member: Member;
      claims: AccessTokenClaims;
      /** The session (refresh family) the token names; null for tokens without `sid`. */
      sessionId: string | null;
    }
  | {
      ok: false;
      /**
       * `missing`, `expired`, `invalid`: the token itself (verifyAccessToken); `other-member`: a
       * valid token of another member than `options.memberId`; `no-member`: its member is gone;
       * `ended`: its session ended on the server (logout, reuse revocation).
       */
      reason: 'missing' | 'expired' | 'invalid' | 'other-member' | 'no-member' | 'ended';
    };

/**
 * Authenticates an access token: verifies it, then finds its member (`auth.members`, cached) and
 * checks that the session it names (`sid`) has not ended (`auth.sessions`). The auth hook, GET
 * /api/login/check and the chat endpoint's handshakes and follow-up requests all ask here.
 *
 * `clockToleranceSeconds` accepts tokens expired that long ago (chat follow-up requests);
 * `memberId` accepts only that member's tokens (`other-member`, checked before anything is looked
 * up).
 */
export async function authenticateAccessToken(
  auth: AuthContext,
  token: string | undefined,
  options: { clockToleranceSeconds?: number; memberId?: number } = {},
): Promise<AuthenticateResult> {
  const result = await verifyAccessToken(auth.jwtKey, token, {
    clockToleranceSeconds: options.clockToleranceSeconds,
  });
  if (!result.ok) return result;
  const { claims } = result;
  if (options.memberId !== undefined && claims.id !== options.memberId) {
    return { ok: false, reason: 'other-member' };
  }
  const [member, ended] = await Promise.all([
    auth.members.find(claims.id),
    claims.sid !== undefined && auth.sessions.isEnded(claims.sid),
  ]);
  if (!member) return { ok: false, reason: 'no-member' };
  // A session ended on the server (logout, reuse revocation) refuses its access tokens.
  if (ended) return { ok: false, reason: 'ended' };
  return { ok: true, member, claims, sessionId: claims.sid ?? null };
}
