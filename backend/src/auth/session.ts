import type { FastifyReply } from 'fastify';

import type { Member } from '../db/schema';
import { signAccessToken } from './access-token';
import type { AuthContext } from './context';
import { setSessionCookies } from './cookies';

/** Starts a new refresh family for a fresh sign-in and sets both cookies (the access token names it). */
export async function startSession(
  auth: AuthContext,
  reply: FastifyReply,
  member: Member,
): Promise<void> {
  const { token: refresh, familyId } = await auth.refreshTokens.startSession(member.id);
  const access = await signAccessToken(auth.jwtKey, member, auth.cookies.accessTokenMinutes, {
    sessionId: familyId,
  });
  setSessionCookies(reply, auth.cookies, { access, refresh });
}
