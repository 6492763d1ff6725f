import type { IncomingMessage } from 'node:http';

import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';

import type { Db } from '../../db/client';
import { findMemberBySubject } from '../members';
import type { DevAccounts } from './accounts';
import { DEV_PROVIDER_CSP, renderInteractionPage } from './interaction-page';
import { DEV_MOUNT_PATH } from './provider';

export interface DevProviderRoutesOptions {
  provider: Provider;
  accounts: DevAccounts;
  db: Db;
  issuer: string;
  /** Warn on every page: the provider runs on an origin others can reach. */
  exposed: boolean;
}

const formSchema = z.object({
  email: z.string().trim().max(320).default(''),
  name: z.string().trim().max(100).default(''),
});
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Mounts the provider at /oauth2/dev (handing the raw request to its Koa callback with the prefix
 * stripped, as oidc-provider's mounting docs do) plus our own interaction page.
 */
export async function devProviderRoutes(
  app: FastifyInstance,
  opts: DevProviderRoutesOptions,
): Promise<void> {
  const { provider, accounts, db, issuer, exposed } = opts;

  app.get<{ Params: { uid: string } }>(
    `${DEV_MOUNT_PATH}/interaction/:uid`,
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid !== request.params.uid) return reply.redirect('/login?error=signin', 302);
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
      reply
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', DEV_PROVIDER_CSP)
        .type('text/html; charset=utf-8');
      return renderInteractionPage({
        uid: details.uid,
        email: hint,
        name: '',
        errors: {},
        exposed,
      });
    },
  );

  app.post<{ Params: { uid: string } }>(
    `${DEV_MOUNT_PATH}/interaction/:uid`,
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid !== request.params.uid) return reply.redirect('/login?error=signin', 302);
      const form = formSchema.safeParse(request.body ?? {});
      const email = form.success ? form.data.email.toLowerCase() : '';
      const typedName = form.success ? form.data.name : '';
      if (!EMAIL.test(email)) {
        reply
          .status(400)
          .header('Cache-Control', 'no-store')
          .header('Content-Security-Policy', DEV_PROVIDER_CSP)
          .type('text/html; charset=utf-8');
        const message = email ? '올바른 이메일 주소를 입력해주세요.' : '이메일을 입력해주세요.';
        return renderInteractionPage({
          uid: details.uid,
          email,
          name: typedName,
          errors: { email: message },
          exposed,
        });
      }
      const name =
        typedName || (await findMemberBySubject(db, issuer, email))?.name || email.split('@')[0];
      const accountId = accounts.remember(email, name);

      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid profile email');
      const grantId = await grant.save();

      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId, remember: false }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    },
  );

  // Everything else under the prefix belongs to oidc-provider, with the body left unread for it.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const callback = provider.callback();
    scope.all(`${DEV_MOUNT_PATH}/*`, (request, reply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(DEV_MOUNT_PATH.length) || '/';
      reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
      // Its HTML (an error page) is covered like the sign-in page.
      reply.raw.setHeader('Content-Security-Policy', DEV_PROVIDER_CSP);
      void callback(raw, reply.raw);
    });
  });
}
