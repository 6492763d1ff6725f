import type { SetType } from '@/lib/contract/exercise';
import { RPE, SET_TYPES } from '@/lib/contract/values';

export type { SetType };
export { SET_TYPES };

/** A set's kind and RPE as the wire answers them: absent means NORMAL and none. */
export interface SetKindFields {
  type?: SetType | null;
  rpe?: number | null;
}

/** A set's kind: the wire leaves NORMAL out. */
export function setTypeOf(set: SetKindFields): SetType {
  return set.type ?? 'NORMAL';
}

/** A set's RPE, or null when it has none. */
export function rpeOf(set: SetKindFields): number | null {
  return set.rpe ?? null;
}

/** The RPE values a set can have: 6 to 10 in halves. */
export const RPE_VALUES: readonly number[] = Array.from(
  { length: Math.round((RPE.max - RPE.min) / RPE.step) + 1 },
  (_, index) => RPE.min + index * RPE.step,
);

/** Reps in reserve for an RPE: 10 − RPE (RPE 8 → 2, RPE 9.5 → 0.5). */
export function repsInReserve(rpe: number): number {
  return RPE.max - rpe;
}

/**
 * What each set's badge shows, as lifters know it (Strong, Hevy): `W` for a warm-up, `D` for a
 * drop set, `F` for a set taken to failure, and a working set its number among the working sets
 * (warm-ups and the lettered sets take none). `joined` marks a drop set that follows another set:
 * it belongs to the set before it, and `joinedTo` is that set's position (from 1).
 */
export interface SetBadge {
  type: SetType;
  text: string;
  joined: boolean;
  joinedTo: number | null;
}

const LETTERS: Record<Exclude<SetType, 'NORMAL'>, string> = {
  WARMUP: 'W',
  DROP: 'D',
  FAILURE: 'F',
};

/** The badges of a list of sets, in order (see SetBadge). */
export function setBadges(sets: readonly SetKindFields[]): SetBadge[] {
  let working = 0;
  // The set a drop belongs to: the nearest set before it that is not itself a drop.
  let anchor: number | null = null;
  return sets.map((set, index) => {
    const type = setTypeOf(set);
    if (type === 'DROP') {
      return { type, text: LETTERS.DROP, joined: anchor !== null, joinedTo: anchor };
    }
    anchor = index + 1;
    if (type === 'NORMAL') {
      working += 1;
      return { type, text: String(working), joined: false, joinedTo: null };
    }
    return { type, text: LETTERS[type], joined: false, joinedTo: null };
  });
}
