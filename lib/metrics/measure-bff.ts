import 'server-only';

import { BFF_ROUTES, type BffRoute, recordBffRequest } from './bff-metrics';

/**
 * The route pattern of a BFF request's URL (`http://host/api/…` → `/api/[...path]`), found in the
 * string without parsing it.
 */
export function bffRouteOf(url: string): BffRoute {
  const scheme = url.indexOf('//');
  const path = url.indexOf('/', scheme < 0 ? 0 : scheme + 2);
  if (url.startsWith('/login/oauth2/', path)) return BFF_ROUTES.loginOauth2;
  if (url.startsWith('/oauth2/', path)) return BFF_ROUTES.oauth2;
  return BFF_ROUTES.api;
}

/**
 * `handler` with every answer counted and timed (http_requests_total and
 * http_request_duration_seconds, until the response headers: bodies stream afterwards). A
 * handler that throws counts as a 500 (Next answers it so).
 */
export function measured(
  handler: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return (request) => {
    const started = performance.now();
    return handler(request).then(
      (response) => {
        recordBffRequest(
          request.method,
          bffRouteOf(request.url),
          response.status,
          (performance.now() - started) / 1000,
        );
        return response;
      },
      (error: unknown) => {
        recordBffRequest(
          request.method,
          bffRouteOf(request.url),
          500,
          (performance.now() - started) / 1000,
        );
        throw error;
      },
    );
  };
}
