import { CATALOGUE_KEY, RECENT_EXERCISES_KEY } from '@/lib/api/keys';
import type { CatalogueEntry, RecentExercise } from '@/lib/contract/catalogue';
import { defineRead } from '@/lib/reads/define';

export type { CatalogueEntry, RecentExercise };

/**
 * GET /api/exercise/catalogue: the built-in exercises; read once a session (only a deploy changes
 * them).
 */
export const catalogueRead = defineRead({
  key: () => CATALOGUE_KEY,
  schema: async () => (await import('@/lib/contract/catalogue')).catalogueSchema,
  toView: (catalogue: CatalogueEntry[]) => catalogue,
  swr: { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false },
});

/** GET /api/member/exercises/recent: the member's most recently logged exercises, latest first. */
export const recentExercisesRead = defineRead({
  key: () => RECENT_EXERCISES_KEY,
  schema: async () => (await import('@/lib/contract/catalogue')).recentExercisesSchema,
  toView: (recent: RecentExercise[]) => recent,
});
