import type { TodaySelectionItem } from '@/lib/api/today';

export type SelectionType = TodaySelectionItem['type'];

/** True when the item (by id and type) is in the selection. */
export function isSelected(
  selection: readonly TodaySelectionItem[],
  id: number,
  type: SelectionType,
): boolean {
  return selection.some((item) => item.id === id && item.type === type);
}

/**
 * The add dialog's selection after a checkbox changes: checking appends the item (in the order the
 * items were checked), unchecking removes it; sequences are always 1..n in list order.
 */
export function toggleSelection(
  selection: readonly TodaySelectionItem[],
  id: number,
  type: SelectionType,
  checked: boolean,
): TodaySelectionItem[] {
  const present = isSelected(selection, id, type);
  let next: readonly TodaySelectionItem[] = selection;
  if (checked && !present) next = [...selection, { id, type, sequence: 0 }];
  if (!checked && present) {
    next = selection.filter((item) => !(item.id === id && item.type === type));
  }
  return next.map((item, index) => ({ ...item, sequence: index + 1 }));
}
