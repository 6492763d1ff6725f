'use client';

import useSWR, { useSWRConfig } from 'swr';
import { loadApi } from '@/lib/api/load';
import { clubKey, clubMembersKey, clubOfRoomKey, isClubPageKey } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import { useServerFirst } from './use-server-first';

/**
 * One club's page read (GET /api/club/{id}): fields, owner, member count, and whether the caller
 * is a member or the owner. The club page hands it over as SWR fallback (lib/bff/screens/club.ts).
 * `clubId` null: no request (e.g. the chat room before it knows its club).
 */
export function useClub(clubId: number | null) {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated && clubId !== null ? clubKey(clubId) : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchClub(clubId!),
    serverFirst,
  );
  return { club: data, error: error as unknown, isLoading, mutate };
}

/** A club's members (GET /api/club/{id}/members): the owner first, then by joining. */
export function useClubMembers(clubId: number) {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? clubMembersKey(clubId) : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchClubMembers(clubId),
    serverFirst,
  );
  return { members: data, error: error as unknown, isLoading, mutate };
}

/**
 * The club of a chat room (GET /api/club/chatRoom/{roomId}; members only, so a refused room asks
 * nothing: `enabled` false). Not retried: a room the member left is 404 for good.
 */
export function useClubOfRoom(roomId: number, enabled: boolean) {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated && enabled ? clubOfRoomKey(roomId) : null;
  const { data, error } = useSWR(key, async () => (await loadApi()).fetchClubByChatRoom(roomId), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return { club: data, error: error as unknown };
}

/** Revalidates one club's page reads (after joining: the member count and list change). */
export function useRevalidateClub(): (clubId: number) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return (clubId: number) => mutate((key) => isClubPageKey(key, clubId));
}
