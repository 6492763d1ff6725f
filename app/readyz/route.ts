// Readiness probe: the backend's own /readyz answers 200 (lib/bff/readiness.ts).
export { readinessResponse as GET } from '@/lib/bff/readiness';

export const dynamic = 'force-dynamic';
