import './zod-csp';

import * as z from 'zod/mini';

/**
 * GET /api/login/check — public, always 200; an expired, forged or garbage cookie is `check:false`.
 * The original Spring backend sends `id`/`name`/`picture` as null when signed out and always sends
 * `expiresIn` (the configured lifetime in minutes); ours sends the whole minutes left.
 */
export const loginCheckSchema = z.object({
  id: z.optional(z.nullable(z.number().check(z.int()))),
  name: z.optional(z.nullable(z.string())),
  picture: z.optional(z.nullable(z.string())),
  expiresIn: z.optional(z.nullable(z.number())),
  check: z.boolean(),
});
export type LoginCheck = z.infer<typeof loginCheckSchema>;

/** The signed-in member as the UI sees it. */
export const sessionUserSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  picture: z.nullable(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * Claims of the access-token JWT (HS512), as the original backend writes them, plus `sid`: the
 * session (refresh-token family) it belongs to, so that a session ended on the server (logout,
 * reuse revocation) refuses its access tokens too. Tokens without `sid` (signed before it existed)
 * are accepted until they expire.
 */
export const accessTokenClaimsSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  picture: z.optional(z.nullable(z.string())),
  authorities: z.string(),
  tokenType: z.literal('access'),
  iat: z.number(),
  exp: z.number(),
  sid: z.optional(z.string()),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
