// BFF entry point: lib/bff forwards to BACKEND_URL, streaming bodies and refreshing the session.
export { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } from '@/lib/bff';

export const dynamic = 'force-dynamic';
