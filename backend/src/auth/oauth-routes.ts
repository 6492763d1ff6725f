import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { z } from 'zod';

import { openAuthRequest, safeNextPath, sealAuthRequest } from './auth-request';
import type { AuthContext } from './context';
import { AUTH_REQUEST_COOKIE, clearAuthRequestCookie, setAuthRequestCookie } from './cookies';
import { upsertMember } from './members';
import { type OidcClient, redirectUri } from './oidc-client';
import { startSession } from './session';

const startQuery = z.object({
  login_hint: z.string().max(320).optional(),
  next: z.unknown().optional(),
});

const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

/**
 * GET /oauth2/authorization/google and GET /login/oauth2/code/google: OpenID Connect sign-in
 * (authorization code with PKCE), the callback on the app origin so the cookies land there.
 */
export async function oauthRoutes(
  app: FastifyInstance,
  opts: { auth: AuthContext; oidc: OidcClient },
): Promise<void> {
  const { auth, oidc } = opts;
  const secure = auth.cookies.secure;
  const callbackUrl = redirectUri(auth.publicUrl);
  const failure = `${auth.publicUrl}/login?error=signin`;

  app.get('/oauth2/authorization/google', async (request, reply) => {
    const query = startQuery.safeParse(request.query);
    const loginHint = query.success ? query.data.login_hint : undefined;
    const next = query.success ? safeNextPath(query.data.next) : null;
    let configuration: client.Configuration;
    try {
      configuration = await oidc.configuration();
    } catch (error) {
      request.log.error({ err: error, issuer: oidc.issuer }, 'sign-in: issuer discovery failed');
      return reply.redirect(failure, 302);
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const parameters: Record<string, string> = {
      redirect_uri: callbackUrl,
      scope: 'openid profile email',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    };
    if (loginHint) parameters.login_hint = loginHint;
    // The development provider always shows its page, so one browser can switch between members.
    if (oidc.isDev) parameters.prompt = 'login';
    setAuthRequestCookie(
      reply,
      secure,
      sealAuthRequest(auth.authRequestKey, { state, nonce, codeVerifier, next }),
    );
    return reply.redirect(client.buildAuthorizationUrl(configuration, parameters).href, 302);
  });

  app.get('/login/oauth2/code/google', async (request, reply) => {
    const pending = openAuthRequest(auth.authRequestKey, request.cookies[AUTH_REQUEST_COOKIE]);
    clearAuthRequestCookie(reply, secure);
    try {
      if (!pending) throw new Error('missing or expired authorization request cookie');
      const configuration = await oidc.configuration();
      const currentUrl = new URL(callbackUrl);
      currentUrl.search = new URL(request.url, 'http://placeholder').search;
      const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      let claims = claimsSchema.parse(tokens.claims());
      if (!claims.email || !claims.name) {
        const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        claims = claimsSchema.parse({
          ...info,
          ...Object.fromEntries(Object.entries(claims).filter(([, v]) => v)),
        });
      }
      const email = claims.email?.toLowerCase() ?? null;
      const member = await upsertMember(auth.db, {
        issuer: oidc.issuer,
        subject: claims.sub,
        email,
        name: claims.name?.trim() || email?.split('@')[0] || '회원',
        picture: claims.picture ?? null,
      });
      auth.members.forget(member.id); // the name or picture may have changed
      await startSession(auth, reply, member);
      request.log.info({ memberId: member.id }, 'member signed in');
      return reply.redirect(`${auth.publicUrl}${pending.next ?? '/'}`, 302);
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in failed');
      return reply.redirect(failure, 302);
    }
  });
}
