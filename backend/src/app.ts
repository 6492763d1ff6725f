import type { AddressInfo } from 'node:net';

import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';

import { createAuthContext } from './auth/context';
import { DevAccounts } from './auth/dev-provider/accounts';
import { createDevProvider, DEV_CLIENT_ID, devClientSecret } from './auth/dev-provider/provider';
import { devProviderRoutes } from './auth/dev-provider/routes';
import { oauthRoutes } from './auth/oauth-routes';
import { devIssuer, OidcClient, redirectUri } from './auth/oidc-client';
import { resolveJwtSecret } from './auth/secret';
import { sessionRoutes } from './auth/session-routes';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { registerAuthHook } from './http/auth-hook';
import { registerErrorHandling } from './http/error-handler';
import { registerOriginCheck } from './http/origin-check';
import { registerSecurityHeaders } from './http/security-headers';
import { exerciseRoutes } from './exercise/routes';
import { routineRoutes } from './routine/routes';
import { todayRoutes } from './today/routes';
import { seedDemo } from './seed/demo-seed';

export interface AppDependencies {
  /** An already migrated database (tests); otherwise the configured one is opened. */
  database?: Database;
}

/** Builds the backend (no listen). Closing the app closes its database. */
export async function buildApp(
  config: Config,
  deps: AppDependencies = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: config.logLevel }, bodyLimit: 1024 * 1024 });

  const database = deps.database ?? (await openDatabase(config));
  app.addHook('onClose', async () => database.close());
  const jwtKey = resolveJwtSecret(config.jwtSecret, config.dataDir, app.log);
  const auth = createAuthContext(config, database.db, jwtKey);

  const localPort = () => (app.server.address() as AddressInfo | null)?.port ?? config.port;
  const issuerUrl = config.google ? undefined : devIssuer(config.publicUrl);
  const oidc = new OidcClient({
    config,
    dev: issuerUrl
      ? { clientId: DEV_CLIENT_ID, clientSecret: devClientSecret(jwtKey), port: localPort }
      : undefined,
  });

  if (config.seedDemo && issuerUrl) {
    const created = await seedDemo(database, issuerUrl);
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

  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerOriginCheck(app, config.publicOrigin);
  registerAuthHook(app, auth);

  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(sessionRoutes, { auth });
  await app.register(oauthRoutes, { auth, oidc });
  await app.register(exerciseRoutes, { db: database.db });
  await app.register(routineRoutes, { db: database.db });
  await app.register(todayRoutes, { db: database.db });
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
    });
  }
  return app;
}
