import type { ChangedSet } from '@/features/day-log/offline/day-changes';
import type { RepWeight } from '@/lib/contract/exercise';

/** A warm-up set to add: kilograms and reps. */
export interface WarmupSet {
  weight: number;
  reps: number;
}

/**
 * An exercise's sets with `warmups` put before its working sets (after any warm-ups it already
 * starts with), for the day-log write. Sets are stored in the order they were created, so the
 * list is rewritten by position: the stored sets take the values of the new order (each with its
 * kind, RPE and done mark said outright) and the last positions are created.
 */
export function withWarmups(
  sets: readonly RepWeight[],
  warmups: readonly WarmupSet[],
): ChangedSet[] {
  const firstWork = sets.findIndex((set) => set.type !== 'WARMUP');
  const at = firstWork === -1 ? sets.length : firstWork;
  const values = [
    ...sets.slice(0, at),
    ...warmups.map((warmup) => ({ ...warmup, type: 'WARMUP' as const, rpe: null, done: false })),
    ...sets.slice(at),
  ];
  return values.map((value, position) => ({
    id: sets[position]?.id ?? null,
    reps: value.reps,
    weight: value.weight,
    type: value.type ?? 'NORMAL',
    rpe: value.rpe ?? null,
    doneAs: value.done ?? false,
  }));
}

/** The weight the plate sheet works from: the heaviest set that is not a warm-up (kg), or 0. */
export function workingWeight(sets: readonly RepWeight[]): number {
  return sets
    .filter((set) => set.type !== 'WARMUP')
    .reduce((top, set) => Math.max(top, set.weight), 0);
}
