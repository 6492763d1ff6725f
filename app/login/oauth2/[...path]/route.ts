// BFF entry point: forwards to BACKEND_URL (lib/bff, decisions.md §3).
export { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } from '@/lib/bff';

export const dynamic = 'force-dynamic';
