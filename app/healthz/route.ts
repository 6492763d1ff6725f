// Liveness probe (the server answers; asks nothing of the backend), and the "empty route
// handler" baseline of bench/proxy. Readiness is /readyz.
export function GET(): Response {
  return Response.json({ status: 'ok' });
}

export const dynamic = 'force-dynamic';
