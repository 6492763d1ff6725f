export { isLoopbackHost } from '../lib/net/loopback.mjs';
export function appListenHost(env: Record<string, string | undefined>): string | undefined;
