import 'server-only';
import { cache } from 'react';
import { CLUBS_KEY } from '@/lib/api/keys';
import { clubListSchema, type Club } from '@/lib/contract/club';
import { readBackend } from '../server-client';

/** GET /api/clubs: every club (the list's first view, before any search). */
export const fetchClubs = cache((): Promise<Club[]> => readBackend(CLUBS_KEY, clubListSchema));
