import {
  catalogueAddResultSchema,
  catalogueSchema,
  recentExercisesSchema,
  type CatalogueAddResult,
  type CatalogueEntry,
  type RecentExercise,
} from '@/lib/contract/catalogue';
import { requestJson } from './client';
import { CATALOGUE_KEY, RECENT_EXERCISES_KEY, catalogueAddPath } from './keys';

/** GET /api/exercise/catalogue: the built-in exercises, validated. */
export function fetchCatalogue(): Promise<CatalogueEntry[]> {
  return requestJson(CATALOGUE_KEY, { schema: catalogueSchema });
}

/** GET /api/member/exercises/recent: the member's most recently logged exercises. */
export function fetchRecentExercises(): Promise<RecentExercise[]> {
  return requestJson(RECENT_EXERCISES_KEY, { schema: recentExercisesSchema });
}

/** POST /api/exercise/catalogue/{key}: the member's exercise for it, added on first use. */
export function addCatalogueExercise(key: string): Promise<CatalogueAddResult> {
  return requestJson(catalogueAddPath(key), { method: 'POST', schema: catalogueAddResultSchema });
}
