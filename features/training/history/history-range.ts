import type { Route } from 'next';

import type { HistoryRange } from '@/lib/contract/training';

/** The history's ranges in the switch's order (the wire's `3m`, `1y`, `all`). */
export const HISTORY_RANGE_OPTIONS = ['3m', '1y', 'all'] as const satisfies readonly HistoryRange[];

/** The range the page opens with, and the one an unknown `?range=` falls back to. */
export const DEFAULT_HISTORY_RANGE: HistoryRange = '3m';

/** `?range=` of the history page: one of the ranges, else the default (a repeated one: its first). */
export function rangeFromParam(value: string | string[] | undefined): HistoryRange {
  const text = Array.isArray(value) ? value[0] : value;
  return HISTORY_RANGE_OPTIONS.find((range) => range === text) ?? DEFAULT_HISTORY_RANGE;
}

/** The history page of an exercise over `range` (the default range has no query). */
export function historyHref(
  exerciseId: number,
  range: HistoryRange = DEFAULT_HISTORY_RANGE,
): Route {
  const path = `/exercise/${exerciseId}`;
  // A dynamic route's path is built here once; Next's Route type names only static ones.
  return (range === DEFAULT_HISTORY_RANGE ? path : `${path}?range=${range}`) as Route;
}
