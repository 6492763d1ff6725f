/**
 * Pure geometry of the history charts: round axis ticks, positions as percentages of the plot's
 * width (the charts stretch with the screen while their text keeps its size) and which sessions
 * get a date label. No DOM, so it is tested on its own.
 */

/** Drops the float noise of repeated additions (0.1 + 0.2). */
function clean(value: number): number {
  const rounded = Number(value.toPrecision(12));
  return rounded === 0 ? 0 : rounded;
}

/**
 * Ticks of a round step (1, 2, 2.5 or 5 × 10ⁿ) covering `[min, max]`, the first at or below `min`
 * and the last at or above `max`: the smallest such step that needs at most `count + 1` intervals.
 */
export function niceTicks(min: number, max: number, count = 4): number[] {
  let low = Math.min(min, max);
  let high = Math.max(min, max);
  if (!Number.isFinite(low) || !Number.isFinite(high)) return [0, 1];
  if (high === low) {
    const pad = high === 0 ? 1 : Math.abs(high) * 0.1;
    high += pad;
    low = low >= 0 ? Math.max(0, low - pad) : low - pad;
  }
  const most = Math.max(1, count) + 1;
  const power = 10 ** Math.floor(Math.log10((high - low) / most));
  const intervals = (size: number) => Math.ceil(clean(high / size)) - Math.floor(clean(low / size));
  const step = [1, 2, 2.5, 5, 10, 20, 25, 50]
    .map((factor) => factor * power)
    .find((size) => intervals(size) <= most)!;
  const first = Math.floor(clean(low / step)) * step;
  const last = Math.ceil(clean(high / step)) * step;
  const ticks: number[] = [];
  for (let index = 0; clean(first + index * step) <= clean(last); index += 1) {
    ticks.push(clean(first + index * step));
  }
  return ticks;
}

/**
 * The ticks of a value axis over `values`: from zero for amounts (volume), else hugging the data
 * (progress reads better without the empty band below the lightest session); never below zero.
 */
export function axisTicks(values: readonly number[], { fromZero = false } = {}): number[] {
  if (values.length === 0) return [0, 1];
  const high = Math.max(...values);
  const low = fromZero ? 0 : Math.min(...values);
  const ticks = niceTicks(low, high);
  return ticks[0] < 0 ? niceTicks(0, high) : ticks;
}

/** The pixel offset from the plot's top of `value` on an axis of `ticks` `height` pixels tall. */
export function yOffset(value: number, ticks: readonly number[], height: number): number {
  const low = ticks[0];
  const high = ticks[ticks.length - 1];
  const share = high === low ? 0.5 : (value - low) / (high - low);
  return clean((1 - Math.min(1, Math.max(0, share))) * height);
}

/** The centre of session `index` of `count`, in percent of the plot's width (equal slots). */
export function slotCentre(index: number, count: number): number {
  return clean(((index + 0.5) / count) * 100);
}

/** The width of a bar in percent of the plot's width: most of its slot, never wider than 8%. */
export function barWidth(count: number): number {
  return clean(Math.min(8, 60 / Math.max(1, count)));
}

/**
 * Up to `most` session indexes to label, spread evenly, always the first and the last (one label
 * for one session). Labels stay at least `count / most` slots apart, so that a label has about the
 * room of a `most`th of the chart: with four sessions and room for three, the first and the last.
 */
export function labelIndexes(count: number, most: number): number[] {
  if (count <= 0) return [];
  if (count <= most) return Array.from({ length: count }, (_, index) => index);
  if (most <= 1) return [count - 1];
  const last = count - 1;
  const gap = count / most;
  const kept = [0];
  for (let slot = 1; slot < most - 1; slot += 1) {
    const index = Math.round((slot * last) / (most - 1));
    if (index - kept[kept.length - 1] >= gap && last - index >= gap) kept.push(index);
  }
  kept.push(last);
  return kept;
}

/** How the label of session `index` of `count` is anchored: the edge ones stay inside the chart. */
export function labelAnchor(index: number, count: number): 'start' | 'middle' | 'end' {
  if (count < 2) return 'middle';
  if (index === 0) return 'start';
  if (index === count - 1) return 'end';
  return 'middle';
}
