import { estimatedOneRepMax } from './one-rep-max';

/**
 * Personal records of one exercise: the bests a member has reached (the exercise's record card)
 * and which of a day's sets broke one (the badges in the day log). Both read the same logged sets,
 * so a deleted day or set simply drops out of the input and the records follow; nothing is stored.
 */

/** One logged set that counts toward records; callers drop warm-ups and other exercises first. */
export interface LoggedSet {
  /** The member's calendar day, `YYYY-MM-DD` (Seoul). */
  date: string;
  /** Orders the sets of one day (the storage id grows with logging order). */
  setId: number;
  reps: number;
  /** Kilograms; may be a float converted from pounds (135 lb is 61.23496995 kg). */
  weight: number;
}

/** Every record kind, in the order the UI lists a set's badges. */
export const RECORD_KINDS = [
  'weight',
  'oneRepMax',
  'setVolume',
  'sessionVolume',
  'repsAtWeight',
] as const;

export type RecordKind = (typeof RECORD_KINDS)[number];

/**
 * Kilograms within which two weights are the same weight. Pound entries are stored as float
 * kilograms, so the "same" 135 lb logged twice can differ in the last bits; any real plate
 * difference is far larger.
 */
export const WEIGHT_TOLERANCE_KG = 1e-6;

/** True when two weights are the same within {@link WEIGHT_TOLERANCE_KG}. */
export function sameWeight(a: number, b: number): boolean {
  return Math.abs(a - b) <= WEIGHT_TOLERANCE_KG;
}

/** The heaviest weight and the reps of the set that first lifted it. */
export interface WeightRecord {
  weight: number;
  reps: number;
  date: string;
}

/** The best estimated one-rep max (kg) and the set it was estimated from. */
export interface OneRepMaxRecord {
  oneRepMax: number;
  weight: number;
  reps: number;
  date: string;
}

/** The best reps × weight of one set (kg). */
export interface SetVolumeRecord {
  volume: number;
  weight: number;
  reps: number;
  date: string;
}

/** The best sum of reps × weight over one day (kg). */
export interface SessionVolumeRecord {
  volume: number;
  date: string;
}

/** The most reps done at one weight. */
export interface RepsAtWeightRecord {
  weight: number;
  reps: number;
  date: string;
}

/** An exercise's bests, each with the day it was first reached; all null/empty with no sets. */
export interface PersonalRecords {
  weight: WeightRecord | null;
  oneRepMax: OneRepMaxRecord | null;
  setVolume: SetVolumeRecord | null;
  sessionVolume: SessionVolumeRecord | null;
  /** One entry per weight lifted, heaviest first. */
  repsAtWeight: RepsAtWeightRecord[];
}

/** Which records each of a day's sets broke, and whether the day's total did. */
export interface RecordBreakers {
  /** Every set of the day by `setId`, with the kinds it broke (in {@link RECORD_KINDS} order). */
  sets: Map<number, RecordKind[]>;
  /** The day's total volume beats every earlier day's. */
  sessionVolume: boolean;
}

/**
 * True when `value` is strictly greater than `best`. Volumes and e1RMs are products of float
 * weights, so equal bests reached by different sets (93.75 kg × 2 and 100 kg × 1 are both a
 * 100 kg e1RM) can differ by rounding; a tie is not a record, so a relative tolerance absorbs it.
 */
function exceeds(value: number, best: number): boolean {
  return value - best > 1e-9 * Math.max(1, Math.abs(value), Math.abs(best));
}

/** True when `weight` is heavier than `best` by more than {@link WEIGHT_TOLERANCE_KG}. */
function heavier(weight: number, best: number): boolean {
  return weight - best > WEIGHT_TOLERANCE_KG;
}

/** A set that lifted something: a set with no reps (a failed attempt) or a bad weight is no best. */
function lifted(set: LoggedSet): boolean {
  return (
    set.reps > 0 && Number.isFinite(set.reps) && set.weight >= 0 && Number.isFinite(set.weight)
  );
}

/** Sets in logging order (date, then setId), leaving the caller's array alone. */
function inOrder(sets: readonly LoggedSet[]): LoggedSet[] {
  return sets
    .filter(lifted)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.setId - b.setId));
}

/** The running bests of one set each, as sets are replayed in order. */
interface SetBests {
  weight: WeightRecord | null;
  oneRepMax: OneRepMaxRecord | null;
  setVolume: SetVolumeRecord | null;
  repsAtWeight: RepsAtWeightRecord[];
}

/**
 * Folds one set into the running bests and returns the kinds it strictly beat. A kind is only
 * beaten when a best existed before it (the first set at a weight beats nothing at that weight).
 */
function applySet(bests: SetBests, set: LoggedSet): RecordKind[] {
  const beaten: RecordKind[] = [];
  const { date, reps, weight } = set;

  if (bests.weight === null || heavier(weight, bests.weight.weight)) {
    if (bests.weight !== null) beaten.push('weight');
    bests.weight = { weight, reps, date };
  }

  const oneRepMax = estimatedOneRepMax(weight, reps);
  if (bests.oneRepMax === null || exceeds(oneRepMax, bests.oneRepMax.oneRepMax)) {
    if (bests.oneRepMax !== null) beaten.push('oneRepMax');
    bests.oneRepMax = { oneRepMax, weight, reps, date };
  }

  const volume = reps * weight;
  if (bests.setVolume === null || exceeds(volume, bests.setVolume.volume)) {
    if (bests.setVolume !== null) beaten.push('setVolume');
    bests.setVolume = { volume, weight, reps, date };
  }

  const atWeight = bests.repsAtWeight.find((entry) => sameWeight(entry.weight, weight));
  if (atWeight === undefined) {
    bests.repsAtWeight.push({ weight, reps, date });
  } else if (reps > atWeight.reps) {
    beaten.push('repsAtWeight');
    atWeight.reps = reps;
    atWeight.date = date;
  }

  return beaten;
}

function emptyBests(): SetBests {
  return { weight: null, oneRepMax: null, setVolume: null, repsAtWeight: [] };
}

/** Total reps × weight of each date, in date order. */
function sessionVolumes(ordered: readonly LoggedSet[]): { date: string; volume: number }[] {
  const sessions: { date: string; volume: number }[] = [];
  for (const set of ordered) {
    const last = sessions[sessions.length - 1];
    if (last?.date === set.date) last.volume += set.reps * set.weight;
    else sessions.push({ date: set.date, volume: set.reps * set.weight });
  }
  return sessions;
}

/** The best session volume; ties keep the earlier day. */
function bestSession(sessions: readonly { date: string; volume: number }[]) {
  let best: SessionVolumeRecord | null = null;
  for (const session of sessions) {
    if (best === null || exceeds(session.volume, best.volume)) best = { ...session };
  }
  return best;
}

/**
 * The exercise's bests over `sets` (any order), each with the day it was first reached: a later
 * tie keeps the earlier day, and the weight record keeps the reps of the set that first lifted
 * it (more reps at that weight later show under `repsAtWeight`). A bodyweight exercise logged
 * at 0 kg has 0 kg weight and volume bests; the UI decides whether to show them.
 */
export function personalRecords(sets: readonly LoggedSet[]): PersonalRecords {
  const ordered = inOrder(sets);
  const bests = emptyBests();
  for (const set of ordered) applySet(bests, set);
  return {
    weight: bests.weight,
    oneRepMax: bests.oneRepMax,
    setVolume: bests.setVolume,
    sessionVolume: bestSession(sessionVolumes(ordered)),
    repsAtWeight: [...bests.repsAtWeight].sort((a, b) => b.weight - a.weight),
  };
}

/**
 * Which records the sets of one day broke. `day` holds the sets of one date; `prior` may be the
 * whole history, as only its sets dated before that day count. A record is broken only when a
 * prior day set it (a first-ever session, or a first time at a weight, beats nothing) and the set
 * strictly exceeds it and every earlier set of the same day: the bests run on through the day,
 * so a second set that only ties the first is no record. A lighter set with more reps can break
 * the e1RM or set-volume record without the weight record.
 */
export function recordBreakers(
  prior: readonly LoggedSet[],
  day: readonly LoggedSet[],
): RecordBreakers {
  const result: RecordBreakers = { sets: new Map(), sessionVolume: false };
  if (day.length === 0) return result;
  const date = day[0].date;

  const earlier = inOrder(prior.filter((set) => set.date < date));
  const bests = emptyBests();
  for (const set of earlier) applySet(bests, set);
  // Weights first lifted today have no prior best: their first set seeds the running best, and
  // nothing at that weight counts as a record today.
  const priorWeights = bests.repsAtWeight.map((entry) => entry.weight);
  const hadPrior = earlier.length > 0;

  for (const set of day) result.sets.set(set.setId, []);
  for (const set of inOrder(day)) {
    const beaten = applySet(bests, set).filter(
      (kind) =>
        hadPrior &&
        (kind !== 'repsAtWeight' || priorWeights.some((weight) => sameWeight(weight, set.weight))),
    );
    result.sets.set(set.setId, beaten);
  }

  const previous = bestSession(sessionVolumes(earlier));
  const today = day.filter(lifted).reduce((sum, set) => sum + set.reps * set.weight, 0);
  result.sessionVolume = previous !== null && exceeds(today, previous.volume);
  return result;
}
