export function isLoopbackHost(hostname: string): boolean;
export function appListenHost(env: Record<string, string | undefined>): string | undefined;
