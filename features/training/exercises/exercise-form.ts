import {
  newSetDraft,
  type SetDraft,
  setDraftsFrom,
  toRepWeightInputs,
  validateSets,
} from '@/features/training/sets/set-drafts';
import type { Classification, Exercise, ExerciseCreate } from '@/lib/contract/exercise';
import { messages } from '@/lib/i18n/messages';
import type { WeightUnit } from '@/lib/shared/training/units';

/** The add/edit exercise form's values. */
export interface ExerciseDraft {
  name: string;
  memo: string;
  classification: Classification;
  sets: SetDraft[];
  /** Rest after a ticked set of this exercise; null: the member's default. */
  restSeconds: number | null;
}

export interface ExerciseFormErrors {
  name?: string;
  memo?: string;
  classification?: string;
  sets?: string;
  /** A failure that belongs to no field. */
  form?: string;
}

/** An empty form: classification 가슴 (CHEST) preselected, one empty set. */
export function emptyExerciseDraft(): ExerciseDraft {
  return {
    name: '',
    memo: '',
    classification: 'CHEST',
    sets: [newSetDraft()],
    restSeconds: null,
  };
}

/** The form filled with a stored exercise (set ids kept so a PATCH updates them). */
export function draftFromExercise(exercise: Exercise, unit: WeightUnit = 'kg'): ExerciseDraft {
  return {
    name: exercise.name,
    memo: exercise.memo ?? '',
    classification: exercise.classification,
    sets: setDraftsFrom(exercise.repWeightList, unit),
    restSeconds: exercise.restSeconds ?? null,
  };
}

/**
 * Client-side validation: blank name → `운동 이름을 입력해주세요.`; no sets →
 * `운동 세트를 입력해주세요.`; any reps not > 0 → `반복 횟수를 정확히 입력해주세요.` Empty when valid.
 */
export function validateExercise(draft: ExerciseDraft): ExerciseFormErrors {
  const errors: ExerciseFormErrors = {};
  if (draft.name.trim() === '') errors.name = messages.exercise.nameRequired;
  const sets = validateSets(draft.sets);
  if (sets) errors.sets = sets;
  return errors;
}

export function hasErrors(errors: ExerciseFormErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * The POST/PATCH body of a valid form (empty weight → 0; weights typed in `unit`, sent in kg).
 * `restSeconds` goes only when it differs from the stored one (`storedRest`, null for a new
 * exercise), so the body stays the original wire's unless the member chose a rest.
 */
export function toExerciseBody(
  draft: ExerciseDraft,
  unit: WeightUnit = 'kg',
  storedRest: number | null = null,
): ExerciseCreate {
  return {
    name: draft.name.trim(),
    memo: draft.memo,
    classification: draft.classification,
    repWeightList: toRepWeightInputs(draft.sets, unit),
    ...(draft.restSeconds !== storedRest ? { restSeconds: draft.restSeconds } : {}),
  };
}

/**
 * Field messages of a 400 answer (`data` = {field: message}, fields like `name`, `memo`,
 * `repWeightList.0.reps`, `classification`); null when none of them maps to a field.
 */
export function errorsFromFields(fields: Record<string, string>): ExerciseFormErrors | null {
  const errors: ExerciseFormErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    const root = field.split(/[.[]/)[0];
    if (root === 'name' && !errors.name) errors.name = message;
    else if (root === 'memo' && !errors.memo) errors.memo = message;
    else if (root === 'classification' && !errors.classification) errors.classification = message;
    else if (root === 'repWeightList' && !errors.sets) errors.sets = message;
  }
  return hasErrors(errors) ? errors : null;
}
