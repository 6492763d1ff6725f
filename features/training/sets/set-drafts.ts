import type { RepWeight, RepWeightInput, SetType } from '@/lib/contract/exercise';
import { LIMITS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';
import { fromDisplayWeight, toDisplayWeight, type WeightUnit } from '@/lib/shared/training/units';

/**
 * A set as a form edits it. `reps`/`weight` are null while the input is empty; `weight` is in the
 * unit the member types (kg or lb); `id` names the stored set it came from, so a PATCH updates that
 * set instead of creating a new one; `key` is a stable React key for rows that move.
 */
export interface SetDraft {
  key: string;
  id: number | null;
  reps: number | null;
  weight: number | null;
  /** The set's kind (issue 27): a working set, a warm-up, a drop set or a set to failure. */
  type: SetType;
  /** The set's RPE (6–10 in halves), or null for none. */
  rpe: number | null;
  /**
   * A stored set's kilograms and the weight first shown for them: a weight left as shown is sent
   * back as the exact kilograms, so merely saving in pounds never nudges 62.5 kg to 62.504 kg.
   */
  stored?: { kg: number; shown: number };
  /** A stored set's kind and RPE as loaded: only a change of them is sent. */
  storedKind?: { type: SetType; rpe: number | null };
}

let counter = 0;

/** A fresh, empty set row. */
export function newSetDraft(values: Partial<Omit<SetDraft, 'key'>> = {}): SetDraft {
  counter += 1;
  return {
    key: `set-${counter}`,
    id: null,
    reps: null,
    weight: null,
    type: 'NORMAL',
    rpe: null,
    ...values,
  };
}

/** Draft rows for stored sets (keeps their ids), weights in the member's `unit`. */
export function setDraftsFrom(list: readonly RepWeight[], unit: WeightUnit = 'kg'): SetDraft[] {
  return list.map((set) => {
    const shown = toDisplayWeight(set.weight, unit);
    return newSetDraft({
      id: set.id,
      reps: set.reps,
      weight: shown,
      type: set.type ?? 'NORMAL',
      rpe: set.rpe ?? null,
      stored: { kg: set.weight, shown },
      storedKind: { type: set.type ?? 'NORMAL', rpe: set.rpe ?? null },
    });
  });
}

/** Parses a number input's value: '' (or anything not a finite number) is null. */
export function parseNumberInput(value: string): number | null {
  if (value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** True when a set's reps are what the backend accepts: a whole number from 1 to 10000. */
export function hasValidReps(set: Pick<SetDraft, 'reps'>): boolean {
  return (
    set.reps !== null && Number.isInteger(set.reps) && set.reps >= 1 && set.reps <= LIMITS.reps
  );
}

/** True when a set's weight is empty (sent as 0) or what the backend accepts: 0 to 10000. */
export function hasValidWeight(set: Pick<SetDraft, 'weight'>): boolean {
  return (
    set.weight === null ||
    (Number.isFinite(set.weight) && set.weight >= 0 && set.weight <= LIMITS.weight)
  );
}

/**
 * The first problem of a list of sets, or null. The rules are the backend's (1–50 sets, reps a
 * whole number 1–10000, weight 0–10000), so bad input is caught before sending;
 * the messages are the backend's too: no sets → `운동 세트를 입력해주세요.`; more than 50 →
 * `운동 세트는 50개 이하로 입력해주세요.`; bad reps → `반복 횟수를 정확히 입력해주세요.`; bad weight
 * → `무게를 정확히 입력해주세요.`
 */
export function validateSets(sets: readonly SetDraft[]): string | null {
  if (sets.length === 0) return messages.exercise.setsRequired;
  if (sets.length > LIMITS.sets) return messages.exercise.setsTooMany(LIMITS.sets);
  if (!sets.every(hasValidReps)) return messages.exercise.repsInvalid;
  if (!sets.every(hasValidWeight)) return messages.exercise.weightInvalid;
  return null;
}

/** A draft's weight in kilograms (the wire's unit): an empty weight is 0. */
export function draftKilograms(set: SetDraft, unit: WeightUnit = 'kg'): number {
  if (set.weight === null) return 0;
  if (set.stored && set.weight === set.stored.shown) return set.stored.kg;
  return fromDisplayWeight(set.weight, unit);
}

/**
 * Wire sets of valid drafts, in kilograms; stored ids are kept. Kind and RPE are sent only when
 * they say something (the backend keeps what a set leaves out, and a new set is a working set
 * without RPE): a new set's when not the default, a stored set's when changed, so a drop set made
 * normal again says `NORMAL` and a cleared RPE says null, and an untouched set goes as before.
 */
export function toRepWeightInputs(
  sets: readonly SetDraft[],
  unit: WeightUnit = 'kg',
): RepWeightInput[] {
  return sets.map((set) => {
    const before = set.id !== null ? set.storedKind : undefined;
    return {
      ...(set.id !== null ? { id: set.id } : {}),
      reps: set.reps ?? 0,
      weight: draftKilograms(set, unit),
      ...(set.type !== (before?.type ?? 'NORMAL') ? { type: set.type } : {}),
      ...(set.rpe !== (before?.rpe ?? null) ? { rpe: set.rpe } : {}),
    };
  });
}
