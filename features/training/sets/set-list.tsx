import type { RepWeight } from '@/lib/contract/exercise';
import { messages } from '@/lib/i18n/messages';
import { formatWeight, type WeightUnit } from '@/lib/shared/training/units';

import styles from './set-list.module.css';

export interface SetListProps {
  /** Stored sets, in order; numbering starts at 1. */
  sets: readonly Pick<RepWeight, 'reps' | 'weight'>[];
  /** `rows` (one line per set, the routine and day log) or `chips` (compact, the exercise cards). */
  variant?: 'rows' | 'chips';
  /** The member's unit (weights are stored in kg). */
  unit?: WeightUnit;
}

/**
 * Read-only sets: `1세트 · 5회 · 100kg` (or `220.5lb`) per set, the weight hidden when it is 0.
 * Shared by the exercise cards, the routine list and the day log.
 */
export function SetList({ sets, variant = 'rows', unit = 'kg' }: SetListProps) {
  return (
    <ol className={variant === 'chips' ? styles.chips : styles.rows}>
      {sets.map((set, index) => (
        <li key={index} className={styles.set}>
          <span className={styles.label}>{messages.sets.label(index + 1)}</span>
          <span className={styles.reps}>{messages.sets.reps(set.reps)}</span>
          {set.weight !== 0 ? (
            <span className={styles.weight}>{formatWeight(set.weight, unit)}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
