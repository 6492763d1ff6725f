import 'server-only';
import { cache } from 'react';
import { CLUBS_KEY } from '@/lib/api/keys';
import { clubListSchema, clubSchema, type Club } from '@/lib/contract/club';
import { readBackend } from '../server-client';

/** GET /api/clubs: every club (the list's first view, before any search). */
export const fetchClubs = cache((): Promise<Club[]> => readBackend(CLUBS_KEY, clubListSchema));

/** GET /api/club/chatRoom/{roomId}: the club whose chat room this is (404 when none). */
export const fetchClubByChatRoom = cache((roomId: number): Promise<Club> =>
  readBackend(`/api/club/chatRoom/${roomId}`, clubSchema),
);
