import path from 'node:path';

import { z } from 'zod';

import { isLoopbackHost } from '@/lib/shared/net/loopback.mjs';

import { DEFAULT_CSP_REPORT_FILE_MAX_BYTES, DEFAULT_CSP_REPORT_RATE_LIMIT } from './csp/reports';
import {
  type Budget,
  BUDGET_DEFAULTS,
  type Budgets,
  DEFAULT_RATE_LIMIT_KEY_PREFIX,
  DEFAULT_UPLOAD_QUOTA_BYTES,
  parseBudget,
  parseTrustProxy,
} from './http/rate-limits';
import type { S3Settings } from './storage/s3-object-store';

/**
 * Backend configuration from environment variables, validated once at start-up. JWT_SECRET may be
 * absent here; `resolveJwtSecret` (auth/secret.ts) then generates and persists one.
 */

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z.preprocess(emptyToUndefined, z.string().trim().optional());

const booleanFlag = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .optional()
      .transform((value) =>
        value === undefined ? fallback : ['true', '1', 'yes'].includes(value),
      ),
  );

const positiveInt = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(fallback));

const budget = (fallback: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default(fallback)
      .refine((value) => parseBudget(value) !== null, {
        message: 'expected requests/window, e.g. 30/1h (window units: ms, s, m, h, d)',
      }),
  );

/**
 * A comma-separated list of origins (`https://app.example`, no path): each normalised to its
 * `URL.origin`, duplicates dropped. Empty or unset: none.
 */
const originList = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((value, context) => {
      const origins = new Set<string>();
      for (const item of (value ?? '').split(',')) {
        const text = item.trim();
        if (!text) continue;
        let url: URL | null = null;
        try {
          url = new URL(text);
        } catch {
          // reported below
        }
        const bare =
          url !== null &&
          /^https?:$/.test(url.protocol) &&
          url.username === '' &&
          url.password === '' &&
          url.pathname === '/' &&
          url.search === '' &&
          url.hash === '' &&
          !text.endsWith('?') &&
          !text.endsWith('#');
        if (!url || !bare) {
          context.addIssue({
            code: 'custom',
            message: `${text} is not an origin (expected e.g. https://app.example, no path)`,
          });
          continue;
        }
        origins.add(url.origin);
      }
      return [...origins];
    }),
);

const envSchema = z
  .object({
    BACKEND_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
    BACKEND_PORT: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(65535).default(8080),
    ),
    PUBLIC_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/ })
        .default('http://localhost:3000')
        .transform((value) => value.replace(/\/+$/, '')),
    ),
    ALLOWED_ORIGINS: originList,
    DATABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('.data')),
    JWT_SECRET: optionalString,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    DEV_SIGN_IN: booleanFlag(false),
    SEED_DEMO: booleanFlag(true),
    // Production migrates as its own step (`npm run db:migrate`, a Kubernetes Job); `npm start` asks.
    MIGRATE_ON_START: booleanFlag(false),
    // Test-only: a request may ask for a slow read (backend/src/http/test-slow-read.ts).
    TEST_SLOW_READS: booleanFlag(false),
    REDIS_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    // Put before every pub/sub channel: deployments (or test runs) sharing one Redis stay apart.
    // No glob characters, which would widen the pattern subscriptions.
    REDIS_CHANNEL_PREFIX: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'letters, digits and : . _ - only, at most 64')
        .optional(),
    ),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    ACCESS_TOKEN_MINUTES: positiveInt(30),
    REFRESH_TOKEN_DAYS: positiveInt(7),
    REFRESH_GRACE_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).default(30),
    ),
    // At most a year: the hours go into a PostgreSQL interval as an int.
    IDEMPOTENCY_KEY_TTL_HOURS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().positive().max(8760).default(24),
    ),
    RATE_LIMITS: booleanFlag(true),
    RATE_LIMIT_WRITES: budget(BUDGET_DEFAULTS.write.value),
    RATE_LIMIT_UPLOADS: budget(BUDGET_DEFAULTS.upload.value),
    RATE_LIMIT_COMMENTS: budget(BUDGET_DEFAULTS.comment.value),
    RATE_LIMIT_FRIEND_REQUESTS: budget(BUDGET_DEFAULTS.friendRequest.value),
    RATE_LIMIT_CLUBS: budget(BUDGET_DEFAULTS.clubCreate.value),
    RATE_LIMIT_SIGN_IN: budget(BUDGET_DEFAULTS.signIn.value),
    RATE_LIMIT_EXPORTS: budget(BUDGET_DEFAULTS.export.value),
    RATE_LIMIT_READ_MARKS: budget(BUDGET_DEFAULTS.readMark.value),
    UPLOAD_QUOTA_BYTES_PER_DAY: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).default(DEFAULT_UPLOAD_QUOTA_BYTES),
    ),
    RATE_LIMIT_KEY_PREFIX: z.preprocess(
      emptyToUndefined,
      z.string().trim().default(DEFAULT_RATE_LIMIT_KEY_PREFIX),
    ),
    CHAT_MAX_SUBSCRIPTIONS: positiveInt(8),
    CHAT_MAX_CONNECTIONS_PER_MEMBER: positiveInt(10),
    CHAT_MAX_BUFFERED_BYTES: positiveInt(1024 * 1024),
    CHAT_MAX_UNAUTHENTICATED: positiveInt(256),
    LIVE_MAX_STREAMS_PER_MEMBER: positiveInt(10),
    TRUST_PROXY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('loopback')
        .refine((value) => parseTrustProxy(value) !== null, {
          message:
            'expected true, false, a number of hops, or addresses/CIDR ranges/loopback,linklocal,uniquelocal separated by commas',
        }),
    ),
    S3_BUCKET: optionalString,
    S3_REGION: z.preprocess(emptyToUndefined, z.string().trim().default('us-east-1')),
    S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    S3_FORCE_PATH_STYLE: z.preprocess(
      emptyToUndefined,
      z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
    ),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    // A scraper's secret: long enough that guessing it is hopeless.
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().trim().min(16, 'at least 16 characters').optional(),
    ),
    METRICS_PORT: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(65535).optional(),
    ),
    METRICS_HOST: optionalString,
    CSP_REPORT_FILE: optionalString,
    CSP_REPORT_FILE_MAX_BYTES: positiveInt(DEFAULT_CSP_REPORT_FILE_MAX_BYTES),
    CSP_REPORT_RATE_LIMIT: budget(DEFAULT_CSP_REPORT_RATE_LIMIT),
  })
  .refine((env) => Boolean(env.GOOGLE_CLIENT_ID) === Boolean(env.GOOGLE_CLIENT_SECRET), {
    message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    path: ['GOOGLE_CLIENT_ID'],
  })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    path: ['S3_ACCESS_KEY_ID'],
  })
  .refine((env) => env.S3_BUCKET || !env.S3_ENDPOINT, {
    message: 'S3_ENDPOINT is set but S3_BUCKET is not: set the bucket too',
    path: ['S3_BUCKET'],
  });

export interface Config {
  host: string;
  port: number;
  /** Origin + optional path the browser sees, without a trailing slash. */
  publicUrl: string;
  publicOrigin: string;
  /**
   * Further origins the app is served from besides `publicOrigin` (ALLOWED_ORIGINS), e.g. a second
   * front end on Vercel: their writes pass the Origin check, and their pages may open chat on
   * another origin with a ticket (never with the cookie: chat/sockjs-server.ts).
   */
  allowedOrigins: string[];
  secureCookies: boolean;
  databaseUrl?: string;
  /** Absolute path. */
  dataDir: string;
  jwtSecret?: string;
  google?: { clientId: string; clientSecret: string };
  /**
   * The development identity provider runs (no Google settings): asked for with DEV_SIGN_IN, or
   * implied by a loopback PUBLIC_URL. Never true with Google settings.
   */
  devSignIn: boolean;
  /** The development sign-in runs on an origin others can reach: its pages say so, the log warns. */
  devSignInExposed: boolean;
  seedDemo: boolean;
  /**
   * Apply pending migrations when the app starts (MIGRATE_ON_START). Off, a database behind this
   * build is left alone: /readyz answers 503 until `npm run db:migrate` has run.
   */
  migrateOnStart: boolean;
  /** Test-only: honour the slow-read cookie (http/test-slow-read.ts); loopback PUBLIC_URL only. */
  testSlowReads: boolean;
  redisUrl?: string;
  /**
   * Prepended to the fan-out's channel names: REDIS_CHANNEL_PREFIX, else derived from REDIS_URL's
   * database number (`redisChannelPrefixFor`).
   */
  redisChannelPrefix: string;
  /** REDIS_CHANNEL_PREFIX was not set: `redisChannelPrefix` is the derived default (app.ts warns). */
  redisChannelPrefixDerived: boolean;
  logLevel: string;
  accessTokenMinutes: number;
  refreshTokenDays: number;
  refreshGraceSeconds: number;
  /** How long an `Idempotency-Key` is remembered (http/idempotency.ts). */
  idempotencyKeyTtlHours: number;
  /** Images in an S3-compatible bucket; absent: the local folder `DATA_DIR/images`. */
  s3?: S3Settings;
  /** Rate limits on REST (http/rate-limits.ts): off only with RATE_LIMITS=false. */
  rateLimits: { enabled: boolean; budgets: Budgets; keyPrefix: string };
  /** Image bytes a member may upload per Seoul day (http/upload-quota.ts); 0: no quota. */
  uploadQuotaBytesPerDay: number;
  /**
   * Chat limits (chat/sockjs-server.ts, chat/stomp/session.ts): subscriptions per STOMP connection,
   * SockJS connections per member on this instance (the oldest is closed past it), and unsent bytes
   * a connection may hold before it is closed as a slow consumer, and ticket sessions this instance
   * holds open before their CONNECT authenticated them (past it, new ones get 503).
   */
  chatLimits: {
    maxSubscriptions: number;
    maxConnectionsPerMember: number;
    maxBufferedBytes: number;
    maxUnauthenticated: number;
  };
  /** Live streams (`/api/events`) per member on this instance; the oldest is closed past it. */
  liveMaxStreamsPerMember: number;
  /** Fastify's `trustProxy`: whose X-Forwarded-For names the client (TRUST_PROXY). */
  trustProxy: boolean | number | string[];
  /**
   * Where `GET /metrics` is served (metrics/endpoint.ts): on its own listener when `port` is set
   * (only there), else on the main port when `token` is set; neither: not served. The token, when
   * set, is required wherever it is served.
   */
  metrics: { token?: string; port?: number; host: string };
  /** Absolute path: Content-Security-Policy violations are appended here too, one JSON line each. */
  cspReportFile?: string;
  /** The report file stops growing past this many bytes (CSP_REPORT_FILE_MAX_BYTES). */
  cspReportFileMaxBytes: number;
  /** CSP reports taken per client address and window (CSP_REPORT_RATE_LIMIT); the rest dropped. */
  cspReportRateLimit: Budget;
}

function s3Settings(e: z.infer<typeof envSchema>): S3Settings | undefined {
  if (!e.S3_BUCKET) return undefined;
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    // Path style by default for a custom endpoint (MinIO, s3rver need it), virtual hosts for AWS.
    forcePathStyle:
      e.S3_FORCE_PATH_STYLE === undefined
        ? Boolean(e.S3_ENDPOINT)
        : ['true', '1', 'yes'].includes(e.S3_FORCE_PATH_STYLE),
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** The database number a Redis URL selects, as ioredis reads it: `/5`, else `?db=5`, else 0. */
export function redisDatabaseNumber(url: string): number {
  const parsed = new URL(url);
  const fromPath = parsed.pathname.replace(/^\/+|\/+$/g, '');
  const db = Number(fromPath || parsed.searchParams.get('db') || 0);
  return Number.isSafeInteger(db) && db >= 0 ? db : 0;
}

/**
 * The channel prefix when REDIS_CHANNEL_PREFIX is unset. Pub/sub ignores the database number, so
 * two deployments on `redis://host/0` and `redis://host/5` would otherwise hear each other's
 * events: database N > 0 gets `dbN:`. Database 0 keeps the unprefixed names of earlier versions, so
 * that a deployment on the default database (most of them) keeps talking to its older instances
 * during a rolling upgrade; the patterns match whole channel names, so `chat:room:*` never matches
 * `db5:chat:room:1`.
 */
export function redisChannelPrefixFor(redisUrl: string | undefined): string {
  if (!redisUrl) return '';
  const db = redisDatabaseNumber(redisUrl);
  return db === 0 ? '' : `db${db}:`;
}

export { isLoopbackHost };

/** Why the backend refuses to start on a public origin with no way to sign in but the dev one. */
export function devSignInRefusal(publicUrl: string): string {
  return (
    `Invalid backend configuration:\n  PUBLIC_URL is ${publicUrl}, which is not a loopback address, ` +
    'and no Google sign-in is configured. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or set ' +
    'DEV_SIGN_IN=true to run the development sign-in there on purpose (anyone who reaches it can ' +
    'sign in as any member).'
  );
}

/** Parses the environment; throws an Error listing every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || 'env'}: ${issue.message}`,
    );
    throw new Error(`Invalid backend configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = new URL(e.PUBLIC_URL);
  const google =
    e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
      : undefined;
  // The development provider signs anyone in as any member: it runs only where nobody else can
  // reach it, or when a deployer says so (a demo, a staging host).
  const loopback = isLoopbackHost(publicUrl.hostname);
  const devSignIn = !google && (e.DEV_SIGN_IN || loopback);
  if (!google && !devSignIn) throw new Error(devSignInRefusal(e.PUBLIC_URL));
  if (e.TEST_SLOW_READS && !loopback) {
    throw new Error(
      `TEST_SLOW_READS lets any request slow a read down: it is for the test suite, with a loopback PUBLIC_URL (not ${e.PUBLIC_URL}).`,
    );
  }
  return {
    host: e.BACKEND_HOST,
    port: e.BACKEND_PORT,
    publicUrl: e.PUBLIC_URL,
    publicOrigin: publicUrl.origin,
    allowedOrigins: e.ALLOWED_ORIGINS.filter((origin) => origin !== publicUrl.origin),
    secureCookies: publicUrl.protocol === 'https:',
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(process.cwd(), e.DATA_DIR),
    jwtSecret: e.JWT_SECRET,
    google,
    devSignIn,
    devSignInExposed: devSignIn && !loopback,
    seedDemo: e.SEED_DEMO,
    migrateOnStart: e.MIGRATE_ON_START,
    testSlowReads: e.TEST_SLOW_READS,
    redisUrl: e.REDIS_URL,
    redisChannelPrefix: e.REDIS_CHANNEL_PREFIX ?? redisChannelPrefixFor(e.REDIS_URL),
    redisChannelPrefixDerived: e.REDIS_CHANNEL_PREFIX === undefined,
    logLevel: e.LOG_LEVEL,
    accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
    refreshTokenDays: e.REFRESH_TOKEN_DAYS,
    refreshGraceSeconds: e.REFRESH_GRACE_SECONDS,
    idempotencyKeyTtlHours: e.IDEMPOTENCY_KEY_TTL_HOURS,
    s3: s3Settings(e),
    rateLimits: {
      enabled: e.RATE_LIMITS,
      budgets: {
        write: parseBudget(e.RATE_LIMIT_WRITES)!,
        upload: parseBudget(e.RATE_LIMIT_UPLOADS)!,
        comment: parseBudget(e.RATE_LIMIT_COMMENTS)!,
        friendRequest: parseBudget(e.RATE_LIMIT_FRIEND_REQUESTS)!,
        clubCreate: parseBudget(e.RATE_LIMIT_CLUBS)!,
        signIn: parseBudget(e.RATE_LIMIT_SIGN_IN)!,
        export: parseBudget(e.RATE_LIMIT_EXPORTS)!,
        readMark: parseBudget(e.RATE_LIMIT_READ_MARKS)!,
      } satisfies Budgets,
      keyPrefix: e.RATE_LIMIT_KEY_PREFIX,
    },
    uploadQuotaBytesPerDay: e.UPLOAD_QUOTA_BYTES_PER_DAY,
    chatLimits: {
      maxSubscriptions: e.CHAT_MAX_SUBSCRIPTIONS,
      maxConnectionsPerMember: e.CHAT_MAX_CONNECTIONS_PER_MEMBER,
      maxBufferedBytes: e.CHAT_MAX_BUFFERED_BYTES,
      maxUnauthenticated: e.CHAT_MAX_UNAUTHENTICATED,
    },
    liveMaxStreamsPerMember: e.LIVE_MAX_STREAMS_PER_MEMBER,
    trustProxy: parseTrustProxy(e.TRUST_PROXY)!,
    metrics: {
      token: e.METRICS_TOKEN,
      port: e.METRICS_PORT,
      host: e.METRICS_HOST ?? e.BACKEND_HOST,
    },
    cspReportFile: e.CSP_REPORT_FILE && path.resolve(process.cwd(), e.CSP_REPORT_FILE),
    cspReportFileMaxBytes: e.CSP_REPORT_FILE_MAX_BYTES,
    cspReportRateLimit: parseBudget(e.CSP_REPORT_RATE_LIMIT)!,
  };
}
