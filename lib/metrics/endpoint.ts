import 'server-only';

import { createHash, timingSafeEqual } from 'node:crypto';

import { errorResponse } from '@/lib/bff/errors';
import { getServerConfig } from '@/lib/config';
import { messages } from '@/lib/i18n/messages';

import { renderMetrics } from './bff-metrics';

/** Whether an Authorization header carries `token` as a bearer token (constant-time compare). */
export function bearerMatches(header: string | null, token: string): boolean {
  const match = header ? /^Bearer[ ]+(\S+)\s*$/i.exec(header) : null;
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * `GET /metrics` of the Next server: the Prometheus text of lib/metrics, for
 * `Authorization: Bearer $METRICS_TOKEN` (401 otherwise). Without METRICS_TOKEN it is not served
 * (404): a Next server is public by nature, and a serverless host (Vercel) has no private port.
 */
export async function metricsResponse(request: Request): Promise<Response> {
  const token = getServerConfig().METRICS_TOKEN;
  if (!token) return errorResponse(404, messages.notFound.title);
  if (!bearerMatches(request.headers.get('authorization'), token)) {
    const refused = errorResponse(401, messages.guard.unauthenticated);
    refused.headers.set('www-authenticate', 'Bearer realm="metrics"');
    return refused;
  }
  const { body, contentType } = await renderMetrics();
  return new Response(body, {
    headers: { 'content-type': contentType, 'cache-control': 'no-store' },
  });
}
