import 'server-only';

import { measured } from '@/lib/metrics/measure-bff';

import { forward } from './forward';

const handler = measured(forward);

/**
 * Route handler exports of the BFF: app/api, app/oauth2 and app/login/oauth2 re-export these.
 * Each takes the standard Request (Next's extra context argument is not needed), and is counted
 * in the Next server's metrics (lib/metrics).
 */
export const GET = handler;
export const HEAD = handler;
export const POST = handler;
export const PUT = handler;
export const PATCH = handler;
export const DELETE = handler;
export const OPTIONS = handler;

export { forward } from './forward';
export { type RefreshOutcome, refreshSession } from './refresh';
