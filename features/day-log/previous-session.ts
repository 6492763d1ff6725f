import { messages } from '@/lib/i18n/messages';
import { formatWeight, type WeightUnit } from '@/lib/shared/training/units';

import type { PreviousSession } from './reads';

/** `60kg × 10, 10, 8` (one weight) or `60kg × 10, 62.5kg × 8`; bodyweight sets as `20회`. */
export function setsSummary(
  sets: PreviousSession['repWeightList'],
  unit: WeightUnit = 'kg',
): string {
  const groups: Array<{ weight: number; reps: number[] }> = [];
  for (const set of sets) {
    const last = groups[groups.length - 1];
    if (last && last.weight === set.weight) last.reps.push(set.reps);
    else groups.push({ weight: set.weight, reps: [set.reps] });
  }
  return groups
    .map((group) =>
      group.weight === 0
        ? group.reps.map((reps) => messages.sets.reps(reps)).join(', ')
        : `${formatWeight(group.weight, unit)} × ${group.reps.join(', ')}`,
    )
    .join(', ');
}

/** What the member lifted last time, e.g. `지난번 11/18: 60kg × 10, 10, 8` (day log, edit modal). */
export function previousSessionText(session: PreviousSession, unit: WeightUnit = 'kg'): string {
  const [, month, day] = session.localDate.split('-').map(Number);
  return messages.training.previous(`${month}/${day}`, setsSummary(session.repWeightList, unit));
}
