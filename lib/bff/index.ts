import 'server-only';
import { forward } from './forward';

/**
 * Route handler exports of the BFF: app/api, app/oauth2 and app/login/oauth2 re-export these.
 * Each takes the standard Request (Next's extra context argument is not needed).
 */
export const GET = forward;
export const HEAD = forward;
export const POST = forward;
export const PUT = forward;
export const PATCH = forward;
export const DELETE = forward;
export const OPTIONS = forward;

export { forward } from './forward';
export { refreshSession, type RefreshOutcome } from './refresh';
