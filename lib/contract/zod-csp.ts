import { config } from 'zod/mini';

/**
 * Imported first by every module that builds zod schemas the browser may load. zod compiles
 * object parsers with `new Function` when it may, and probes for that once; under the pages'
 * Content-Security-Policy (no 'unsafe-eval') the probe is refused and reported as a violation,
 * even though zod catches it. In the browser zod therefore never tries (`jitless`); servers keep
 * the compiled parsers. Must run before the first `z.object(...)` is made.
 */
if (typeof (globalThis as { window?: unknown }).window !== 'undefined') config({ jitless: true });
