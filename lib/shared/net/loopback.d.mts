/** True for the hosts only this machine reaches: localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean;
