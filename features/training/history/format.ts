import { formatWeight, toDisplayWeight, type WeightUnit } from '@/lib/shared/training/units';

/**
 * Display formats of the training screens. Every weight and volume is stored in kilograms and
 * shown in the member's unit through lib/shared/training/units, so a pound member reads pounds everywhere.
 */

const grouped = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('ko-KR', { notation: 'compact', maximumFractionDigits: 1 });

/** A weight in the member's unit: `60kg`, `132.3lb`. */
export { formatWeight };

/** A volume (reps × kg summed) in the member's unit, with thousands grouped: `2,400kg`. */
export function formatVolume(kg: number, unit: WeightUnit): string {
  return `${grouped.format(toDisplayWeight(kg, unit))}${unit}`;
}

/** An axis tick: grouped, and compact from ten thousand up (`1.2만`), without the unit. */
export function formatTick(value: number): string {
  return Math.abs(value) >= 10_000 ? compact.format(value) : grouped.format(value);
}

/** A `YYYY-MM-DD` key as the screens write dates: `2026.11.21`. */
export function formatDate(key: string): string {
  return key.replaceAll('-', '.');
}

/**
 * A date under a chart: `11/21` when every date of the chart is in one year, `25.11.21` when they
 * span years.
 */
export function formatAxisDate(key: string, spansYears: boolean): string {
  const [year, month, day] = key.split('-');
  const short = `${Number(month)}/${Number(day)}`;
  return spansYears ? `${year.slice(2)}.${month}.${day}` : short;
}

/** A change of a count against the week before: `+2`, `-1`, `±0`. */
export function formatDelta(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `${delta}`;
  return '±0';
}
