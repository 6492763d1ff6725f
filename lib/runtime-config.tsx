'use client';

import { createContext, type ReactNode, useContext, useMemo } from 'react';

import type { PublicConfig } from '@/lib/config';

/**
 * The browser's share of the runtime configuration. The root layout reads it on the server per
 * request and passes it here as a plain prop (serialized by React, never spliced into a script).
 * Non-React code (the chat client, image URLs) takes the values it needs as arguments.
 */

const fallback: PublicConfig = {
  chatUrl: '',
  imageBaseUrl: '',
  loginUrl: '/oauth2/authorization/google',
  uploadBodyLimitBytes: null,
};

const RuntimeConfigContext = createContext<PublicConfig>(fallback);

/** A positive whole number of bytes, or null. */
function byteCount(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Only the known keys, as strings (or a byte count): nothing else crosses to the browser. */
function sanitize(config: PublicConfig): PublicConfig {
  return {
    chatUrl: String(config.chatUrl ?? ''),
    imageBaseUrl: String(config.imageBaseUrl ?? ''),
    loginUrl: String(config.loginUrl || fallback.loginUrl),
    uploadBodyLimitBytes: byteCount(config.uploadBodyLimitBytes),
  };
}

export function RuntimeConfigProvider({
  config,
  children,
}: {
  config: PublicConfig;
  children: ReactNode;
}) {
  const value = useMemo(() => sanitize(config), [config]);
  return <RuntimeConfigContext.Provider value={value}>{children}</RuntimeConfigContext.Provider>;
}

/** The runtime config inside React. */
export function useRuntimeConfig(): PublicConfig {
  return useContext(RuntimeConfigContext);
}
