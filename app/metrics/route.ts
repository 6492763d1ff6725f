// Prometheus metrics of this Next server, behind METRICS_TOKEN (lib/metrics).
export { metricsResponse as GET } from '@/lib/metrics/endpoint';

export const dynamic = 'force-dynamic';
