/**
 * Plain JavaScript, so that scripts/start.mjs (run by Node before anything is built) and the
 * backend (through its `@/lib` alias) share one rule.
 */

/** True for the hosts only this machine reaches: localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname) {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    host === '::1'
  );
}
