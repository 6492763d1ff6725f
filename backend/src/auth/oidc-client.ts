import * as client from 'openid-client';

import type { Config } from '../config';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** Issuer of the development identity provider as the browser sees it (through the app origin). */
export function devIssuer(publicUrl: string): string {
  return `${publicUrl}/oauth2/dev`;
}

export function redirectUri(publicUrl: string): string {
  return `${publicUrl}/login/oauth2/code/google`;
}

export interface OidcClientOptions {
  config: Config;
  /** Dev provider only: its client secret and the port this backend listens on. */
  dev?: { clientId: string; clientSecret: string; port: () => number };
}

/**
 * Lazily discovered openid-client Configuration for Google or the development provider. Calls to the
 * dev issuer are rewritten to this process's own port so they do not loop through the app origin,
 * keeping X-Forwarded-Host/Proto so the provider still names its public endpoints.
 */
export class OidcClient {
  readonly issuer: string;
  private pending: Promise<client.Configuration> | null = null;

  constructor(private readonly options: OidcClientOptions) {
    this.issuer = options.dev ? devIssuer(options.config.publicUrl) : GOOGLE_ISSUER;
  }

  get isDev(): boolean {
    return Boolean(this.options.dev);
  }

  configuration(): Promise<client.Configuration> {
    this.pending ??= this.discover().catch((error: unknown) => {
      this.pending = null;
      throw error;
    });
    return this.pending;
  }

  private async discover(): Promise<client.Configuration> {
    const { config, dev } = this.options;
    if (!dev) {
      const google = config.google!;
      return client.discovery(new URL(GOOGLE_ISSUER), google.clientId, google.clientSecret);
    }
    const publicIssuer = new URL(this.issuer);
    const customFetch: client.CustomFetch = (url, init) => {
      if (!url.startsWith(this.issuer)) return fetch(url, init);
      const local = `http://127.0.0.1:${dev.port()}${publicIssuer.pathname}${url.slice(this.issuer.length)}`;
      const headers = {
        ...init.headers,
        'x-forwarded-host': publicIssuer.host,
        'x-forwarded-proto': publicIssuer.protocol.replace(':', ''),
      };
      return fetch(local, { ...init, headers });
    };
    const configuration = await client.discovery(
      publicIssuer,
      dev.clientId,
      { client_secret: dev.clientSecret, id_token_signed_response_alg: 'ES256' },
      client.ClientSecretPost(dev.clientSecret),
      { execute: [client.allowInsecureRequests], [client.customFetch]: customFetch },
    );
    return configuration;
  }
}
