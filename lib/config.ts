import { z } from 'zod';

/**
 * Runtime configuration of the Next app, read from the server's environment at request time and
 * validated once per distinct environment. The browser receives only `PublicConfig`, through the
 * root layout (see `lib/runtime-config.tsx`); in development `NEXT_PUBLIC_*` values
 * fill any gap.
 */

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value.replace(/\/+$/, ''))
  .pipe(z.union([z.literal(''), z.url()]))
  .optional()
  .transform((value) => value || undefined);

/**
 * The smallest `UPLOAD_BODY_LIMIT_BYTES` taken: below this, a photo shrunk to fit would be too
 * small to be worth posting (a typo such as `4000` instead of `4000000` stops the start instead).
 */
const MIN_UPLOAD_BODY_LIMIT_BYTES = 500_000;

const serverEnvSchema = z.object({
  PUBLIC_URL: optionalUrl.transform((value) => value ?? 'http://localhost:3000'),
  BACKEND_URL: optionalUrl.transform((value) => value ?? 'http://127.0.0.1:8080'),
  CHAT_URL: optionalUrl,
  IMAGE_BASE_URL: optionalUrl,
  /** Milliseconds the BFF waits for the backend's response headers before answering 504. */
  BFF_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Bearer token of `GET /metrics` (lib/metrics); unset: not served. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.string().min(16, 'at least 16 characters').optional()),
  /**
   * The largest request body the app's host takes (Vercel refuses more than 4.5 MB); unset: no
   * limit below the backend's own. Set, browsers shrink a photo that would not fit before sending
   * it (lib/images/shrink-photo.ts).
   */
  /**
   * A font file covering Hangul for shared routines' link-preview images (issue 27); unset: the
   * host's fonts-nanum or Noto CJK, when installed.
   */
  OG_FONT_FILE: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  UPLOAD_BODY_LIMIT_BYTES: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z.coerce
      .number()
      .int()
      .min(MIN_UPLOAD_BODY_LIMIT_BYTES, `at least ${MIN_UPLOAD_BODY_LIMIT_BYTES} bytes`)
      .optional(),
  ),
});

export type ServerConfig = z.infer<typeof serverEnvSchema>;

/** What the browser may know: no secrets, only addresses. */
export interface PublicConfig {
  /** Base of the SockJS endpoint; '' means same-origin `/chat`. */
  chatUrl: string;
  /** Base that post images are served from; '' means `/api/images/`. */
  imageBaseUrl: string;
  /** Where the sign-in button sends the browser. */
  loginUrl: string;
  /**
   * The largest request body the app's host takes (`UPLOAD_BODY_LIMIT_BYTES`): photo uploads are
   * shrunk in the browser to fit it. null: photos go up as chosen.
   */
  uploadBodyLimitBytes: number | null;
}

let cached: { key: string; config: ServerConfig } | undefined;

/** Reads and validates the server environment; throws with every problem listed when invalid. */
export function getServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const key = JSON.stringify(Object.keys(serverEnvSchema.shape).map((name) => env[name]));
  if (cached?.key === key) return cached.config;
  const parsed = serverEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`);
  }
  cached = { key, config: parsed.data };
  return parsed.data;
}

/** The browser's share of the configuration, computed on the server at request time. */
export function getPublicConfig(env: NodeJS.ProcessEnv = process.env): PublicConfig {
  const server = getServerConfig(env);
  return {
    chatUrl: server.CHAT_URL ?? env.NEXT_PUBLIC_CHAT_URL ?? '',
    imageBaseUrl: server.IMAGE_BASE_URL ?? env.NEXT_PUBLIC_IMAGE_BASE_URL ?? '',
    loginUrl: '/oauth2/authorization/google',
    uploadBodyLimitBytes: server.UPLOAD_BODY_LIMIT_BYTES ?? null,
  };
}
