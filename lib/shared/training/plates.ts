/**
 * Plate maths (issue 27 point 5): which plates go on each side of the bar for a weight, from the
 * member's bar and plate inventory, and a warm-up ramp from the bar to the working weight. All in
 * the member's unit (kg or lb): a kg gym has kg plates and a lb gym lb plates, so nothing here
 * converts. Pure functions, shared by the sheet, its tests and the backend's validation.
 */

import { KG_PER_LB, type WeightUnit } from './units';

/** One plate size and how many pairs of it the member has (one plate of each pair per side). */
export interface PlateStock {
  size: number;
  pairs: number;
}

/** A bar and its plates, in one unit. */
export interface PlateInventory {
  bar: number;
  plates: PlateStock[];
}

/** Bounds of an inventory (the wire checks them; the sheet's editor offers them). */
export const PLATE_LIMITS = {
  /** The heaviest bar, in either unit. */
  bar: 100,
  /** The heaviest plate, in either unit. */
  plate: 100,
  /** Pairs of one size. */
  pairs: 20,
  /** Plate sizes in one inventory. */
  sizes: 12,
} as const;

/** A commercial gym's inventories: an Olympic bar and plenty of each plate. */
export const DEFAULT_PLATE_INVENTORIES: Record<WeightUnit, PlateInventory> = {
  kg: {
    bar: 20,
    plates: [25, 20, 15, 10, 5, 2.5, 1.25].map((size) => ({ size, pairs: 10 })),
  },
  lb: {
    bar: 45,
    plates: [45, 35, 25, 10, 5, 2.5].map((size) => ({ size, pairs: 10 })),
  },
};

/** A weight that can be loaded: its total and the plates on each side, heaviest first. */
export interface Loading {
  total: number;
  perSide: number[];
}

/** What the sheet shows for a target weight. */
export interface PlateResult extends Loading {
  target: number;
  bar: number;
  /** The target is loaded exactly (then `total` is the target). */
  exact: boolean;
  /** The target is lighter than the bar (then `total` is the bar). */
  belowBar: boolean;
  /** The nearest loadable weights under and over the target, when it is not exact. */
  below: Loading | null;
  above: Loading | null;
}

// Weights are worked in hundredths, so 1.25 and 2.5 add up without float noise.
const SCALE = 100;
const toUnits = (value: number) => Math.round(value * SCALE);
const fromUnits = (units: number) => units / SCALE;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

interface Table {
  step: number;
  /**
   * For each per-side sum (index × step): the plates (in units, heaviest first) that make it,
   * fewest first, then the heaviest plates (as a lifter loads); null when unreachable.
   */
  cells: (number[] | null)[];
}

/** `a` loads better than `b`: fewer plates, or as many with heavier ones first. */
function better(a: readonly number[], b: readonly number[] | null): boolean {
  if (b === null) return true;
  if (a.length !== b.length) return a.length < b.length;
  for (let index = 0; index < a.length; index += 1) {
    if (a[index] !== b[index]) return a[index] > b[index];
  }
  return false;
}

/**
 * Every per-side sum the inventory can make, with its best plates: a bounded subset sum over
 * multiples of the sizes' greatest common divisor (a few hundred cells for a gym), each pair a
 * 0/1 item, so limited counts are respected where heaviest-first greed would fail.
 */
function loadingTable(inventory: PlateInventory): Table {
  const stock = inventory.plates
    .map((plate) => ({ size: toUnits(plate.size), pairs: Math.max(0, Math.floor(plate.pairs)) }))
    .filter((plate) => plate.size > 0 && plate.pairs > 0)
    .sort((a, b) => b.size - a.size);
  const step = stock.reduce((divisor, plate) => gcd(divisor, plate.size), 0) || 1;
  const size = stock.reduce((sum, plate) => sum + (plate.size / step) * plate.pairs, 0) + 1;
  const cells = new Array<number[] | null>(size).fill(null);
  cells[0] = [];
  for (const plate of stock) {
    const width = plate.size / step;
    for (let copy = 0; copy < plate.pairs; copy += 1) {
      for (let sum = size - 1; sum >= width; sum -= 1) {
        const before = cells[sum - width];
        if (before === null) continue;
        // Sizes come heaviest first, so appending keeps each list sorted.
        const candidate = [...before, plate.size].sort((a, b) => b - a);
        if (better(candidate, cells[sum])) cells[sum] = candidate;
      }
    }
  }
  return { step, cells };
}

function loadingAt(table: Table, bar: number, cell: number): Loading {
  const perSide = (table.cells[cell] ?? []).map(fromUnits);
  return { total: fromUnits(toUnits(bar) + 2 * cell * table.step), perSide };
}

/**
 * The plates per side for `target` on the member's bar. When the inventory cannot make it
 * exactly, `total` is the nearest loadable weight (the lighter one on a tie) and `below` /
 * `above` are the neighbours on each side (null past the bar or past every plate); a target
 * under the bar loads the empty bar.
 */
export function plateLoading(target: number, inventory: PlateInventory): PlateResult {
  const bar = inventory.bar;
  const table = loadingTable(inventory);
  const base = { target, bar };
  const side = (toUnits(target) - toUnits(bar)) / 2;
  if (side <= 0) {
    const empty = { total: bar, perSide: [] };
    const exact = side === 0;
    return {
      ...base,
      ...empty,
      exact,
      belowBar: !exact,
      below: null,
      above: exact ? null : empty,
    };
  }
  const reachable = (cell: number) => (table.cells[cell] ?? null) !== null;
  const exactCell = side / table.step;
  if (Number.isInteger(exactCell) && reachable(exactCell)) {
    return {
      ...base,
      ...loadingAt(table, bar, exactCell),
      exact: true,
      belowBar: false,
      below: null,
      above: null,
    };
  }
  let under = Math.min(Math.floor(exactCell), table.cells.length - 1);
  while (under > 0 && !reachable(under)) under -= 1;
  let over = Math.ceil(exactCell);
  while (over < table.cells.length && !reachable(over)) over += 1;
  const below = loadingAt(table, bar, under);
  const above = over < table.cells.length ? loadingAt(table, bar, over) : null;
  const nearest = above && above.total - target < target - below.total - 1e-9 ? above : below;
  return { ...base, ...nearest, exact: false, belowBar: false, below, above };
}

/** The nearest weight the inventory loads for `target` (the bar for anything lighter). */
export function nearestLoadable(target: number, inventory: PlateInventory): number {
  return plateLoading(target, inventory).total;
}

/** One warm-up set of the ramp: its weight (the member's unit), reps and plates per side. */
export interface RampStep extends Loading {
  reps: number;
}

/**
 * The ramp's steps: the empty bar for 10, then 40 % × 5, 60 % × 3 and 80 % × 2 of the working
 * weight (Starting Strength's and Strong's shape).
 */
export const WARMUP_RAMP: readonly { percent: number; reps: number }[] = [
  { percent: 0, reps: 10 },
  { percent: 40, reps: 5 },
  { percent: 60, reps: 3 },
  { percent: 80, reps: 2 },
];

/**
 * A warm-up ramp from the bar to `working` (the member's unit): each step rounded to the nearest
 * loadable weight, a step dropped when it lands on the bar or on the step before, or reaches the
 * working weight. Empty when the working weight is the bar or lighter.
 */
export function warmupRamp(working: number, inventory: PlateInventory): RampStep[] {
  const top = plateLoading(working, inventory).total;
  if (top <= inventory.bar) return [];
  const steps: RampStep[] = [];
  for (const { percent, reps } of WARMUP_RAMP) {
    const loading =
      percent === 0
        ? { total: inventory.bar, perSide: [] }
        : plateLoading((working * percent) / 100, inventory);
    const previous = steps[steps.length - 1];
    if (percent > 0 && loading.total <= inventory.bar) continue;
    if (previous && loading.total <= previous.total) continue;
    if (loading.total >= top) continue;
    steps.push({ total: loading.total, perSide: loading.perSide, reps });
  }
  return steps;
}

/** The member's inventory for `unit`: theirs when set, else the default gym's. */
export function inventoryOf(
  plates: Partial<Record<WeightUnit, PlateInventory>> | null | undefined,
  unit: WeightUnit,
): PlateInventory {
  return plates?.[unit] ?? DEFAULT_PLATE_INVENTORIES[unit];
}

/**
 * A plate's colour band, by its weight in kilograms (competition colours: 25 red, 20 blue,
 * 15 yellow, 10 green, 5 white, smaller ones grey; a 45 lb plate is a 20's blue).
 */
export function plateTone(size: number, unit: WeightUnit): string {
  const kg = unit === 'lb' ? size * KG_PER_LB : size;
  if (kg >= 24) return 'red';
  if (kg >= 19) return 'blue';
  if (kg >= 14) return 'yellow';
  if (kg >= 9) return 'green';
  if (kg >= 4) return 'white';
  return 'grey';
}

/** The plates per side grouped by size, heaviest first: `[[25, 2], [10, 1]]`. */
export function groupPlates(perSide: readonly number[]): [number, number][] {
  const groups: [number, number][] = [];
  for (const size of perSide) {
    const last = groups[groups.length - 1];
    if (last && last[0] === size) last[1] += 1;
    else groups.push([size, 1]);
  }
  return groups;
}
