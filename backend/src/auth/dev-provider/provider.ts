import Provider, { type Configuration } from 'oidc-provider';

import { deriveKey } from '../keys';
import type { DevAccounts } from './accounts';
import { DevMemoryAdapter } from './memory-adapter';
import { devSigningJwk } from './signing-key';

export const DEV_CLIENT_ID = 'everyhealth-dev';
export const DEV_MOUNT_PATH = '/oauth2/dev';

export interface DevProviderOptions {
  issuer: string;
  redirectUri: string;
  jwtKey: Buffer;
  accounts: DevAccounts;
}

export function devClientSecret(jwtKey: Buffer): string {
  return deriveKey(jwtKey, 'dev-oidc-client-secret').toString('base64url');
}

/** The development OpenID provider (oidc-provider 9): one confidential client, PKCE required. */
export function createDevProvider(options: DevProviderOptions): Provider {
  const configuration: Configuration = {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: devClientSecret(options.jwtKey),
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    adapter: DevMemoryAdapter,
    jwks: { keys: [devSigningJwk(options.jwtKey)] },
    cookies: { keys: [deriveKey(options.jwtKey, 'dev-oidc-cookies').toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx, interaction) => `${DEV_MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => options.accounts.claims(sub),
    }),
    renderError: (ctx, out) => {
      ctx.type = 'html';
      const text = Object.entries(out)
        .map(([key, value]) => `${key}: ${String(value)}`)
        .join('\n')
        .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      ctx.body = `<!doctype html><html lang="ko"><meta charset="utf-8"><title>로그인 오류</title><pre>${text}</pre></html>`;
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
  };
  const provider = new Provider(options.issuer, configuration);
  provider.proxy = true;
  return provider;
}
