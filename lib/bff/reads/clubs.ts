import 'server-only';
import { cache } from 'react';
import { CLUBS_KEY, clubKey, clubMembersKey } from '@/lib/api/keys';
import {
  clubDetailSchema,
  clubListItemsSchema,
  clubMemberListSchema,
  type ClubDetail,
  type ClubListItem,
  type ClubMember,
} from '@/lib/contract/club';
import { readBackend } from '../server-client';

/** GET /api/clubs: every club (the list's first view, before any search). */
export const fetchClubs = cache((): Promise<ClubListItem[]> =>
  readBackend(CLUBS_KEY, clubListItemsSchema),
);

/** GET /api/club/{id}: a club's page read; an unknown club is notFound(). */
export const fetchClub = cache((clubId: number): Promise<ClubDetail> =>
  readBackend(clubKey(clubId), clubDetailSchema),
);

/** GET /api/club/{id}/members: the owner first, then in the order they joined. */
export const fetchClubMembers = cache((clubId: number): Promise<ClubMember[]> =>
  readBackend(clubMembersKey(clubId), clubMemberListSchema),
);
