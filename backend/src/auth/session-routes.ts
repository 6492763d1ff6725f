import type { FastifyInstance } from 'fastify';

import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@/lib/contract/cookies';
import type { LoginCheck } from '@/lib/contract/session';

import { errorBody, MESSAGES } from '../http/errors';
import { signAccessToken, verifyAccessToken } from './access-token';
import { authenticateAccessToken } from './authenticate';
import type { AuthContext } from './context';
import { clearAccessCookie, clearSessionCookies, setSessionCookies } from './cookies';
import { findMemberById } from './members';

const SIGNED_OUT: LoginCheck = {
  id: null,
  name: null,
  picture: null,
  expiresIn: null,
  check: false,
};

/**
 * GET /api/login/check (public, always 200; a bad cookie is `check:false`), POST /api/token/refresh
 * (rotates: 200 with new cookies, or 401) and POST /api/logout (revokes the family, clears both).
 */
export async function sessionRoutes(
  app: FastifyInstance,
  { auth }: { auth: AuthContext },
): Promise<void> {
  app.get('/api/login/check', async (request, reply): Promise<LoginCheck> => {
    const cookie = request.cookies[ACCESS_TOKEN_COOKIE];
    const result = await authenticateAccessToken(auth, cookie);
    if (!result.ok) {
      // A cookie that fails verification (new JWT_SECRET, forged, member gone, session ended) is
      // dropped, so the app's page rules, which only read its expiry, stop treating it as a
      // session. The refresh cookie stays: it may still yield a valid session.
      if (cookie) clearAccessCookie(reply, auth.cookies);
      return SIGNED_OUT;
    }
    const expiresIn = Math.max(0, Math.floor((result.claims.exp * 1000 - Date.now()) / 60_000));
    const { member } = result;
    return { id: member.id, name: member.name, picture: member.picture, expiresIn, check: true };
  });

  app.post('/api/token/refresh', async (request, reply) => {
    await auth.refreshTokens.purgeIfDue(request.log);
    const token = request.cookies[REFRESH_TOKEN_COOKIE];
    const rotated = token ? await auth.refreshTokens.rotate(token) : null;
    const member = rotated?.ok ? await findMemberById(auth.db, rotated.memberId) : undefined;
    if (!rotated?.ok || !member) {
      if (rotated && !rotated.ok) {
        request.log.info({ reason: rotated.reason }, 'refresh token rejected');
        // A stolen token came back: the session ends everywhere, its access tokens included.
        if (rotated.reason === 'reused' && rotated.familyId && rotated.memberId !== undefined)
          await auth.sessions.ended(rotated.familyId, rotated.memberId);
      }
      clearSessionCookies(reply, auth.cookies);
      return reply.status(401).send(errorBody(401, MESSAGES.unauthenticated));
    }
    const access = await signAccessToken(auth.jwtKey, member, auth.cookies.accessTokenMinutes, {
      sessionId: rotated.familyId,
    });
    setSessionCookies(reply, auth.cookies, { access, refresh: rotated.token });
    return reply.type('text/plain; charset=utf-8').send('토큰이 갱신되었습니다.');
  });

  /**
   * Ends the session on the server: the refresh cookie's family (through the BFF, which scopes
   * that cookie to `/`) and the family the access cookie names (straight at the backend the
   * refresh cookie, scoped to /api/token/refresh, never arrives) are revoked, and `session-gone`
   * closes their chat connections and live streams everywhere. An expired access cookie still
   * names its session. Idempotent; 200 with or without cookies.
   */
  app.post('/api/logout', async (request, reply) => {
    await auth.refreshTokens.purgeIfDue(request.log);
    const now = new Date();
    const ended = new Map<string, number>();
    const token = request.cookies[REFRESH_TOKEN_COOKIE];
    const byRefresh = token ? await auth.refreshTokens.revokeFamilyOf(token, now) : null;
    if (byRefresh) ended.set(byRefresh.familyId, byRefresh.memberId);
    const access = await verifyAccessToken(auth.jwtKey, request.cookies[ACCESS_TOKEN_COOKIE], {
      clockToleranceSeconds: auth.cookies.refreshTokenDays * 86400,
    });
    const sid = access.ok ? access.claims.sid : undefined;
    if (access.ok && sid !== undefined && !ended.has(sid)) {
      if (await auth.refreshTokens.revokeFamily(sid, now, access.claims.id)) {
        ended.set(sid, access.claims.id);
      }
    }
    // Only sessions this call ended are announced: a repeated logout tells no instance anything.
    for (const [familyId, memberId] of ended) await auth.sessions.ended(familyId, memberId);
    clearSessionCookies(reply, auth.cookies);
    return reply.status(200).send();
  });
}
