/** A copy of `items` with the item at `from` moved to `to` (indices in the original list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.slice();
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** Sequence numbers 1..n in list order, as `PATCH …/updateSequence` expects. */
export function sequencesOf<T>(items: readonly T[], idOf: (item: T) => number) {
  return items.map((item, index) => ({ id: idOf(item), sequence: index + 1 }));
}
