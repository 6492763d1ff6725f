export { isLoopbackHost } from '../lib/shared/net/loopback.mjs';
export function appListenHost(env: Record<string, string | undefined>): string | undefined;
