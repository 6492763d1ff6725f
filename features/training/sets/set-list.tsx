import type { RepWeight } from '@/lib/contract/exercise';
import { messages } from '@/lib/i18n/messages';
import { formatWeight, type WeightUnit } from '@/lib/shared/training/units';

import { RpeMark } from './rpe-picker';
import { SetKindBadge } from './set-kind-badge';
import { setBadges } from './set-kinds';
import styles from './set-list.module.css';

export interface SetListProps {
  /** Stored sets, in order; numbering starts at 1. */
  sets: readonly Pick<RepWeight, 'reps' | 'weight' | 'type' | 'rpe'>[];
  /** `rows` (one line per set, the routine and day log) or `chips` (compact, the exercise cards). */
  variant?: 'rows' | 'chips';
  /** The member's unit (weights are stored in kg). */
  unit?: WeightUnit;
}

/**
 * Read-only sets: `1세트 · 5회 · 100kg` (or `220.5lb`) per set, the weight hidden when it is 0,
 * then the set's kind mark (W, D, F) and its RPE when it has them. Shared by the exercise cards
 * and the routine list.
 */
export function SetList({ sets, variant = 'rows', unit = 'kg' }: SetListProps) {
  const badges = setBadges(sets);
  return (
    <ol className={variant === 'chips' ? styles.chips : styles.rows}>
      {sets.map((set, index) => (
        <li key={index} className={styles.set} data-type={badges[index].type}>
          <span className={styles.label}>{messages.sets.label(index + 1)}</span>
          <span className={styles.reps}>{messages.sets.reps(set.reps)}</span>
          {set.weight !== 0 ? (
            <span className={styles.weight}>{formatWeight(set.weight, unit)}</span>
          ) : null}
          {badges[index].type !== 'NORMAL' ? (
            <SetKindBadge n={index + 1} badge={badges[index]} />
          ) : null}
          {set.rpe != null ? <RpeMark rpe={set.rpe} /> : null}
        </li>
      ))}
    </ol>
  );
}
