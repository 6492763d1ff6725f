import { type CatalogueAddResult, catalogueAddResultSchema } from '@/lib/contract/catalogue';

import { requestJson } from './client';
import { catalogueAddPath } from './keys';

/** POST /api/exercise/catalogue/{key}: the member's exercise for it, added on first use. */
export function addCatalogueExercise(key: string): Promise<CatalogueAddResult> {
  return requestJson(catalogueAddPath(key), { method: 'POST', schema: catalogueAddResultSchema });
}
