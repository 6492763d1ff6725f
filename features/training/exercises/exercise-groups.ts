import type { Classification, Exercise } from '@/lib/contract/exercise';
import { CLASSIFICATIONS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';

export interface ExerciseGroup {
  classification: Classification;
  /** Korean heading (가슴, 등, …). */
  label: string;
  exercises: Exercise[];
}

/**
 * Exercises grouped by classification in the fixed order CHEST, BACK, SHOULDER, BICEPS, TRICEPS,
 * LOWERBODY, ABS; only groups that have exercises; each group keeps the server's order.
 * `labels` (enum name → label, from the server's map) overrides the catalogue's headings.
 */
export function groupByClassification(
  exercises: readonly Exercise[],
  labels?: Partial<Record<Classification, string>>,
): ExerciseGroup[] {
  return CLASSIFICATIONS.map((classification) => ({
    classification,
    label: labels?.[classification] ?? messages.classification[classification],
    exercises: exercises.filter((exercise) => exercise.classification === classification),
  })).filter((group) => group.exercises.length > 0);
}
