/**
 * Weight units. Storage is always kilograms; a member who trains in pounds sees and enters pounds,
 * converted at the edges (input → kg on save, kg → display on render), so records and volumes
 * compare one unit whatever each set was typed in.
 */

export const WEIGHT_UNITS = ['kg', 'lb'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** Kilograms in one pound, exact by definition (the international pound, 1959). */
export const KG_PER_LB = 0.45359237;

/**
 * Rounds to `decimals` places the way a person would (61.235 → 61.24): the scaled value is first
 * cut to 12 significant digits, so binary noise (61.235 × 100 = 6123.499999999999) cannot flip
 * the half; halves round away from zero.
 */
function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(12));
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  return rounded === 0 ? 0 : rounded; // no "-0"
}

/**
 * A stored weight in `unit`, rounded for display: pounds to 0.1 lb (60 kg is 132.3 lb), kilograms
 * to at most two decimals, enough for 1.25 kg plates (61.25) while a pound entry stored as
 * 61.23496995 kg shows 61.23 rather than its float tail.
 */
export function toDisplayWeight(kg: number, unit: WeightUnit): number {
  return unit === 'lb' ? roundTo(kg / KG_PER_LB, 1) : roundTo(kg, 2);
}

/**
 * Kilograms to store for a weight entered in `unit`. Not rounded: 135 lb stays 61.23496995 kg, so
 * it shows as 135 lb again rather than drifting to 134.9 through a rounded kilogram value.
 */
export function fromDisplayWeight(value: number, unit: WeightUnit): number {
  return unit === 'lb' ? value * KG_PER_LB : value;
}

/** A stored weight as shown in the set lists, the number then the unit: `60kg`, `132.3lb`. */
export function formatWeight(kg: number, unit: WeightUnit): string {
  return `${toDisplayWeight(kg, unit)}${unit}`;
}
