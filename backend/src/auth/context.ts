import type { Config } from '../config';
import type { Db } from '../db/client';
import type { CookieSettings } from './cookies';
import { deriveKey } from './keys';
import { MemberLookup } from './member-lookup';
import { RefreshTokenService } from './refresh-tokens';
import { SessionRevocations } from './session-revocations';

/** Key material and services shared by the auth routes and hooks. */
export interface AuthContext {
  db: Db;
  jwtKey: Buffer;
  authRequestKey: Buffer;
  cookies: CookieSettings;
  refreshTokens: RefreshTokenService;
  /** The member behind a token, remembered for a few seconds (every /api request needs it). */
  members: MemberLookup;
  /** Whether the session an access token names (`sid`) has ended; announces ended ones. */
  sessions: SessionRevocations;
  publicUrl: string;
}

export function createAuthContext(config: Config, db: Db, jwtKey: Buffer): AuthContext {
  return {
    db,
    jwtKey,
    authRequestKey: deriveKey(jwtKey, 'auth-request-cookie'),
    cookies: {
      secure: config.secureCookies,
      accessTokenMinutes: config.accessTokenMinutes,
      refreshTokenDays: config.refreshTokenDays,
    },
    refreshTokens: new RefreshTokenService(db, {
      sealKey: deriveKey(jwtKey, 'refresh-successor'),
      refreshTokenDays: config.refreshTokenDays,
      graceSeconds: config.refreshGraceSeconds,
      lostAnswerSeconds: config.accessTokenMinutes * 60,
    }),
    members: new MemberLookup(db),
    sessions: new SessionRevocations(db),
    publicUrl: config.publicUrl,
  };
}
