'use client';

import { useSWRConfig } from 'swr';

import { isClubPageKey, isClubsKey } from '@/lib/api/keys';

/** Revalidates every cached club list, searched or not (after creating or leaving a club). */
export function useRevalidateClubs(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate(isClubsKey);
}

/** Revalidates one club's page reads (after joining: the member count and list change). */
export function useRevalidateClub(): (clubId: number) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return (clubId: number) => mutate((key) => isClubPageKey(key, clubId));
}
