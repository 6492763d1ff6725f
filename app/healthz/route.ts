// Readiness probe, and the "empty route handler" baseline of bench/proxy.
export function GET(): Response {
  return Response.json({ status: 'ok' });
}

export const dynamic = 'force-dynamic';
