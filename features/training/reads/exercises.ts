import { CLASSIFICATIONS_KEY, EXERCISES_KEY } from '@/lib/api/keys';
import type { Classification, ClassificationMap, Exercise } from '@/lib/contract/exercise';
import { CLASSIFICATIONS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';
import { defineRead } from '@/lib/reads/define';

/** GET /api/member/exercises: the member's exercise library, as the backend lists it. */
export const exercisesRead = defineRead({
  key: () => EXERCISES_KEY,
  schema: async () => (await import('@/lib/contract/exercise')).exerciseListSchema,
  toView: (exercises: Exercise[]) => exercises,
});

/** A body part as a select offers it. */
export interface ClassificationOption {
  value: Classification;
  label: string;
}

/** The body parts in the fixed UI order (CHEST … ABS), labelled as the server names them. */
export interface Classifications {
  options: ClassificationOption[];
}

/**
 * Select options from the server's label → name map, in the fixed UI order. A name the map leaves
 * out (or the whole map, before it has loaded) takes the catalogue's label.
 */
export function classificationOptions(map: ClassificationMap | undefined): ClassificationOption[] {
  const labels = new Map<Classification, string>();
  for (const [label, value] of Object.entries(map ?? {})) labels.set(value, label);
  return CLASSIFICATIONS.map((value) => ({
    value,
    label: labels.get(value) ?? messages.classification[value],
  }));
}

/** The options before the server's labels have come (and where it leaves one out). */
export const DEFAULT_CLASSIFICATION_OPTIONS: readonly ClassificationOption[] =
  classificationOptions(undefined);

/** GET /api/enum/classification: the body parts' labels; fixed for the session, never refetched. */
export const classificationsRead = defineRead({
  key: () => CLASSIFICATIONS_KEY,
  schema: async () => (await import('@/lib/contract/exercise')).classificationMapSchema,
  toView: (map: ClassificationMap): Classifications => ({ options: classificationOptions(map) }),
  swr: { revalidateOnFocus: false, revalidateIfStale: false },
});
