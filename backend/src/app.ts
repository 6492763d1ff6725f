import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';

import { BODY_LIMITS } from '@/lib/contract/limits';

import { accountRoutes } from './account/routes';
import { createAuthContext } from './auth/context';
import { DevAccounts } from './auth/dev-provider/accounts';
import { createDevProvider, DEV_CLIENT_ID, devClientSecret } from './auth/dev-provider/provider';
import { devProviderRoutes } from './auth/dev-provider/routes';
import { oauthRoutes } from './auth/oauth-routes';
import { devIssuer, OidcClient, redirectUri } from './auth/oidc-client';
import { resolveJwtSecret } from './auth/secret';
import { sessionRoutes } from './auth/session-routes';
import { catalogueRoutes } from './catalogue/routes';
import { ChatHub, ChatServer, createFanout } from './chat';
import { chatRoutes } from './chat/routes';
import { ChatTickets } from './chat/tickets';
import { clubRoutes } from './club/routes';
import { commentRoutes } from './comment/routes';
import type { Config } from './config';
import { cspReportRoutes } from './csp/routes';
import { type Database, openDatabase } from './db/client';
import { exerciseRoutes } from './exercise/routes';
import { exportRoutes } from './export/routes';
import { friendRoutes } from './friend/routes';
import { databaseCheck, migrationsCheck, Readiness, type ReadinessCheck } from './health/readiness';
import { registerAuthHook } from './http/auth-hook';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/error-handler';
import { registerIdempotency } from './http/idempotency';
import { registerOriginCheck } from './http/origin-check';
import { connectCounterRedis, registerRateLimits } from './http/rate-limits';
import { registerSecurityHeaders } from './http/security-headers';
import { registerTextChecks } from './http/text-check';
import { MemoryQuotaStore, RedisQuotaStore, UploadQuota } from './http/upload-quota';
import { importRoutes } from './import/routes';
import { LiveHub } from './live/hub';
import { liveRoutes } from './live/routes';
import { memberRoutes } from './member/routes';
import { instrumentDatabase } from './metrics/database';
import { readinessBody, registerMetrics } from './metrics/endpoint';
import { Metrics } from './metrics/metrics';
import { notificationRoutes } from './notification/routes';
import { postRoutes } from './post/routes';
import { routineRoutes } from './routine/routes';
import { seedDemo } from './seed/demo-seed';
import { settingsRoutes } from './settings/routes';
import { createImageStorage } from './storage/create-image-storage';
import type { ImageStorage } from './storage/image-storage';
import { drainPendingDeletions } from './storage/pending-deletions';
import { ProcessingImageStorage } from './storage/processing-image-storage';
import { traceChildLoggerFactory, traceMixin, tracing } from './telemetry/tracing';
import { todayRoutes } from './today/routes';
import { trainingRoutes } from './training/routes';

export interface AppDependencies {
  /** An already migrated database (tests); otherwise the configured one is opened. */
  database?: Database;
  /** Where post images live; otherwise the folder `DATA_DIR/images`. */
  images?: ImageStorage;
  /** Where the JSON log lines go; otherwise stdout (tests read them). */
  logStream?: DestinationStream;
}

/** `trustProxy` as a number of hops (what proxy-addr does with one). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the backend (no listen). Closing the app closes its database. */
export async function buildApp(
  config: Config,
  deps: AppDependencies = {},
): Promise<FastifyInstance> {
  // SockJS (/chat/**) is served on the same HTTP server, ahead of Fastify's router; the chat server
  // is created below, once the database and keys exist.
  let chat: ChatServer | null = null;
  // Tracing on (main.ts started it before building the app): OpenTelemetry's hooks.
  const traced = tracing();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      ...(traced ? traceMixin(traced) : {}),
    },
    // Every line a request logs carries its trace_id (telemetry/tracing.ts).
    childLoggerFactory: traceChildLoggerFactory,
    bodyLimit: BODY_LIMITS.default,
    // request.ip (anonymous rate limits): X-Forwarded-For is believed from these peers only.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    frameworkErrors,
    // Requests Node's parser refuses (431, a bad request line): the JSON error body too.
    clientErrorHandler,
    serverFactory: (handler) => {
      const server = createServer((req, res) => {
        if (chat && ChatServer.matches(req.url)) chat.handleRequest(req, res);
        else handler(req, res);
      });
      server.on('upgrade', (req, socket, head) => {
        if (chat && ChatServer.matches(req.url)) chat.handleUpgrade(req, socket, head);
        else socket.destroy();
      });
      return server;
    },
  });

  const metrics = new Metrics();
  const database =
    deps.database ?? (await openDatabase({ ...config, migrate: config.migrateOnStart }));
  // Without MIGRATE_ON_START a database behind this build is served as it is (a rolling update
  // may start before its migration Job ends): /readyz keeps the instance out until it is migrated.
  const schemaCurrent = await migrationsCheck(database.db)
    .run(AbortSignal.timeout(10_000))
    .then(
      () => true,
      (error: unknown) => {
        app.log.warn(
          { reason: (error as Error).message },
          'the database is not migrated to this build: run `npm run db:migrate` (or set MIGRATE_ON_START=true); /readyz answers 503 until then',
        );
        return false;
      },
    );
  app.addHook('onClose', async () => database.close());
  instrumentDatabase(database, metrics, app.log);
  let images = deps.images;
  if (!images) {
    const own = createImageStorage(config);
    app.addHook('onClose', async () => own.close());
    images = own;
  }
  // Image deletions a crash (or a failing storage) left recorded, e.g. of a post deleted just
  // before the process stopped: finished in the background, each instance at its start (repeating
  // one another's deletions is harmless). Closing waits for it, as it uses the database.
  const storage = images;
  if (storage instanceof ProcessingImageStorage) {
    storage.onProcessed = metrics.observeImageProcessing;
    metrics.sources.imageQueue = () => storage.processingQueue;
  }
  const drained = drainPendingDeletions(database.db, storage, (imageKey, error) =>
    app.log.warn({ err: error, imageKey }, 'recorded image deletion failed; kept for next start'),
  ).then(
    (finished) => {
      if (finished > 0) app.log.info({ finished }, 'finished recorded image deletions');
    },
    (error: unknown) => app.log.warn({ err: error }, 'could not read recorded image deletions'),
  );
  app.addHook('preClose', async () => drained);
  const jwtKey = resolveJwtSecret(config.jwtSecret, config.dataDir, app.log);
  const auth = createAuthContext(config, database.db, jwtKey);

  if (config.redisUrl && config.redisChannelPrefixDerived) {
    app.log.warn(
      { redisChannelPrefix: config.redisChannelPrefix },
      'REDIS_CHANNEL_PREFIX is not set: the fan-out channels are named after the Redis database ' +
        'number. Give each deployment sharing this Redis its own REDIS_CHANNEL_PREFIX.',
    );
  }
  const hub = new ChatHub(
    createFanout(config.redisUrl, app.log, metrics.observeFanoutLag, config.redisChannelPrefix),
    app.log,
    metrics,
  );
  // Members' live streams (unread chat, notifications) share the chat's fan-out.
  const live = new LiveHub(hub.fanout, app.log, {
    maxStreamsPerMember: config.liveMaxStreamsPerMember,
  });
  // A session ended on any instance (logout, refresh-token reuse) is refused here at once (before
  // its live streams and chat connections are closed).
  hub.addListener((event) => {
    if (event.type === 'session-gone') auth.sessions.markEnded(event.sessionId);
  });
  hub.addListener(live.dispatch);
  // An account deleted on any instance is forgotten here at once: its access tokens stop working.
  hub.onMemberGone((memberId) => auth.members.forget(memberId));
  auth.sessions.announce = (sessionId, memberId) => hub.sessionGone(memberId, sessionId);
  await hub.start();
  const tickets = new ChatTickets(auth);
  chat = new ChatServer({
    db: database.db,
    hub,
    log: app.log,
    auth,
    publicOrigin: config.publicOrigin,
    allowedOrigins: config.allowedOrigins,
    tickets,
    sessionTokenGraceSeconds: config.refreshTokenDays * 86400,
    ...config.chatLimits,
  });
  const chatServer = chat;
  metrics.sources.chatConnections = () => chatServer.connections;
  metrics.sources.chatSubscriptions = () => hub.subscriptions;
  metrics.sources.liveStreams = () => live.size;
  app.addHook('preClose', async () => {
    live.closeAll();
    chat?.close();
    await hub.close();
  });

  // Rate limit and upload quota counters: in Redis when there is one, so that every instance
  // counts against the same budgets.
  const limited = config.rateLimits.enabled || config.uploadQuotaBytesPerDay > 0;
  const counterRedis =
    limited && config.redisUrl ? await connectCounterRedis(config.redisUrl, app.log) : null;
  // quit() is refused while the connection is down (no offline queue), so fall back to dropping it.
  if (counterRedis)
    app.addHook('onClose', async () => {
      await counterRedis.quit().catch(() => counterRedis.disconnect());
    });
  const uploadQuota =
    config.uploadQuotaBytesPerDay > 0
      ? new UploadQuota(
          counterRedis ? new RedisQuotaStore(counterRedis) : new MemoryQuotaStore(),
          config.uploadQuotaBytesPerDay,
          config.rateLimits.keyPrefix,
          app.log,
        )
      : null;

  const localPort = () => (app.server.address() as AddressInfo | null)?.port ?? config.port;
  const issuerUrl = config.devSignIn ? devIssuer(config.publicUrl) : undefined;
  if (config.devSignInExposed) {
    app.log.warn(
      { publicUrl: config.publicUrl },
      'DEV_SIGN_IN: the development sign-in runs on a non-loopback origin; anyone who reaches it can sign in as any member',
    );
  }
  const oidc = new OidcClient({
    config,
    dev: issuerUrl
      ? { clientId: DEV_CLIENT_ID, clientSecret: devClientSecret(jwtKey), port: localPort }
      : undefined,
  });

  if (config.seedDemo && issuerUrl && schemaCurrent) {
    const created = await seedDemo(database, issuerUrl, new Date(), images);
    if (created > 0) app.log.info({ created }, 'seeded demo members');
  }

  // An empty JSON body is no body (e.g. POST /api/logout with a JSON content type).
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : jsonParser(request, body as string, done),
  );
  await app.register(cookie);
  await app.register(formbody);

  if (traced) {
    // The server span is made before Fastify routes the request; name it after the route.
    app.addHook('onRequest', (request, _reply, done) => {
      const route = request.routeOptions.url;
      if (route) traced.nameServerSpan(request.method, route);
      done();
    });
  }
  registerErrorHandling(app);
  registerTextChecks(app);
  registerSecurityHeaders(app);
  registerOriginCheck(app, config.publicOrigin, config.allowedOrigins);
  registerAuthHook(app, auth);
  // Its hooks run on each route after the auth hook and before the idempotency keys.
  const peekRateLimit = await registerRateLimits(
    app,
    { ...config.rateLimits, publicUrl: config.publicUrl },
    counterRedis,
  );
  // After the auth hook: keys are per member. Before the routes: its hooks must cover them all.
  registerIdempotency(app, database.db, config.idempotencyKeyTtlHours);

  // Liveness (the process answers) and readiness (what serving needs answers, each check bounded
  // by a timeout); also on the metrics listener when METRICS_PORT is set.
  const checks: ReadinessCheck[] = [databaseCheck(database.db), migrationsCheck(database.db)];
  const fanout = hub.fanout;
  if (fanout.check) checks.push({ name: 'redis', run: (signal) => fanout.check!(signal) });
  if (storage.check) checks.push({ name: 'storage', run: (signal) => storage.check!(signal) });
  const readiness = new Readiness(checks, app.log);
  app.addHook('preClose', async () => readiness.stop());
  registerMetrics(app, metrics, config.metrics, readiness);
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const { status, body } = readinessBody(await readiness.check());
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(body);
  });
  await app.register(cspReportRoutes, {
    reportFile: config.cspReportFile,
    reportFileMaxBytes: config.cspReportFileMaxBytes,
    perAddress: config.cspReportRateLimit,
  });
  await app.register(sessionRoutes, { auth });
  await app.register(oauthRoutes, { auth, oidc });
  await app.register(exerciseRoutes, { db: database.db });
  await app.register(catalogueRoutes, { db: database.db });
  await app.register(routineRoutes, { db: database.db, publicUrl: config.publicUrl });
  await app.register(todayRoutes, { db: database.db });
  await app.register(settingsRoutes, { db: database.db });
  await app.register(trainingRoutes, { db: database.db, testSlowReads: config.testSlowReads });
  await app.register(clubRoutes, { db: database.db, hub, live });
  await app.register(chatRoutes, { db: database.db, live, tickets });
  await app.register(liveRoutes, { db: database.db, live });
  await app.register(postRoutes, { db: database.db, images, live, uploadQuota });
  await app.register(commentRoutes, { db: database.db, live });
  await app.register(friendRoutes, { db: database.db, live });
  await app.register(notificationRoutes, { db: database.db, live });
  await app.register(exportRoutes, {
    db: database.db,
    images,
    redis: counterRedis,
    keyPrefix: config.rateLimits.keyPrefix,
    oneAtATime: config.rateLimits.enabled,
    peekRateLimit,
  });
  await app.register(accountRoutes, { db: database.db, images, hub, auth });
  await app.register(memberRoutes, { db: database.db, images, auth, uploadQuota });
  await app.register(importRoutes, { db: database.db });
  if (issuerUrl) {
    const accounts = new DevAccounts();
    const provider = createDevProvider({
      issuer: issuerUrl,
      redirectUri: redirectUri(config.publicUrl),
      jwtKey,
      accounts,
    });
    provider.on('server_error', (_ctx, error) =>
      app.log.error({ err: error }, 'dev identity provider error'),
    );
    await app.register(devProviderRoutes, {
      provider,
      accounts,
      db: database.db,
      issuer: issuerUrl,
      exposed: config.devSignInExposed,
    });
  }
  return app;
}
