/**
 * Estimated one-rep max (e1RM): the heaviest single a set suggests the member could lift, so sets
 * of different weights and reps compare on one scale (the records and progress charts).
 */

/** The formula behind {@link estimatedOneRepMax}, named for the UI's footnote. */
export const ONE_REP_MAX_FORMULA = 'Epley';

/**
 * Epley's estimate `w × (1 + r/30)`. One rep is the max itself (the raw formula would give
 * `w × 31/30`, so a single would "estimate" more than was lifted), and a set that lifted nothing
 * (no reps, no weight, or a bad value) estimates 0 rather than a negative or NaN max.
 */
export function estimatedOneRepMax(weightKg: number, reps: number): number {
  if (!(weightKg > 0) || !(reps > 0) || !Number.isFinite(weightKg) || !Number.isFinite(reps)) {
    return 0;
  }
  if (reps === 1) return weightKg;
  return weightKg * (1 + reps / 30);
}
