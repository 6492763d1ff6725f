import 'server-only';

import { bffSettings, upstreamFetch } from './settings';

/** How long the backend's readiness may take to answer (its own checks stop at 2 s). */
export const BACKEND_READY_TIMEOUT_MS = 3000;

type BackendCheck = 'ok' | 'not ready' | 'unreachable' | 'timeout';

/**
 * `GET /readyz` of the Next server: ready when the backend at BACKEND_URL answers its own
 * `/readyz` with 200 (database, Redis, image storage and migrations), within
 * BACKEND_READY_TIMEOUT_MS. The app serves nothing useful without it, but note that every app
 * instance goes unready together when the backend does (see the README's "Metrics and health").
 * Liveness is `/healthz`, which asks nothing of anyone.
 */
export async function readinessResponse(): Promise<Response> {
  const settings = bffSettings();
  let backend: BackendCheck;
  try {
    const response = await upstreamFetch()(`${settings.backendBase}/readyz`, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
      cache: 'no-store',
      signal: AbortSignal.timeout(BACKEND_READY_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    backend = response.status === 200 ? 'ok' : 'not ready';
  } catch (error) {
    backend =
      (error as { name?: unknown } | null)?.name === 'TimeoutError' ? 'timeout' : 'unreachable';
  }
  const ready = backend === 'ok';
  return Response.json(
    { status: ready ? 'ready' : 'not ready', checks: { backend } },
    { status: ready ? 200 : 503, headers: { 'cache-control': 'no-store' } },
  );
}
