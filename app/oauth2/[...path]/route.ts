// BFF entry point: lib/bff forwards to BACKEND_URL, streaming bodies and refreshing the session.
export { DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT } from '@/lib/bff';

export const dynamic = 'force-dynamic';
