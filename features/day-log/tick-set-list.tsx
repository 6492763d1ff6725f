import { CheckIcon } from '@/components/ui/icons';
import type { RepWeight } from '@/lib/contract/exercise';
import { messages } from '@/lib/i18n/messages';
import type { RecordKind } from '@/lib/shared/training/records';
import { formatWeight, type WeightUnit } from '@/lib/shared/training/units';

import { SetRowEditor, type SetValues } from './set-row-editor';
import styles from './tick-set-list.module.css';

export interface TickSetListProps {
  sets: readonly RepWeight[];
  /** Record kinds each set broke, by set id (absent: none, or not loaded yet). */
  records?: ReadonlyMap<number, readonly RecordKind[]>;
  /** Ticks or unticks a set; absent for a read-only log (a friend's). */
  onTick?: (set: RepWeight, done: boolean) => void;
  /**
   * Saves one set's new values (kilograms); with it, the rows are edited where they are shown
   * (the member's own log).
   */
  onSave?: (index: number, values: SetValues) => Promise<'sent' | 'queued'>;
  /** The last session's sets of this exercise (kilograms), the ghosts of the rows by position. */
  previous?: readonly SetValues[];
  /** The member's unit (weights are stored in kg). */
  unit?: WeightUnit;
}

/** A PR badge: `PR` on screen, the records it stands for in its accessible text and title. */
export function RecordBadge({ kinds }: { kinds: readonly RecordKind[] }) {
  const names = kinds.map((kind) => messages.training.recordKinds[kind]).join(', ');
  const label = messages.training.prTitle(names);
  return (
    <span className={styles.pr} title={label}>
      <span aria-hidden="true">{messages.training.pr}</span>
      <span className="visuallyHidden">{label}</span>
    </span>
  );
}

/**
 * A day's sets, weight before reps, with the PR badges of the sets that set a record. The member's
 * own log (`onTick`, `onSave`) edits each row in place (SetRowEditor) and ends it with its one-tap
 * done mark on the right, under the thumb (a 44 px button, `aria-pressed`); a friend's log shows
 * `1세트 100kg 5회` and the marks, not offering them.
 */
export function TickSetList({
  sets,
  records,
  onTick,
  onSave,
  previous,
  unit = 'kg',
}: TickSetListProps) {
  return (
    <ol className={styles.rows}>
      {sets.map((set, index) => {
        const done = set.done === true;
        const kinds = set.id === null ? undefined : records?.get(set.id);
        const badge = kinds && kinds.length > 0 ? <RecordBadge kinds={kinds} /> : null;
        const tick = onTick ? (
          <button
            type="button"
            className={styles.tick}
            aria-pressed={done}
            aria-label={messages.training.tickSet(index + 1)}
            onClick={() => onTick(set, !done)}
          >
            <CheckIcon />
          </button>
        ) : null;
        if (onSave) {
          return (
            <li key={set.id ?? index} className={styles.editRow} data-done={done}>
              <span className={`${styles.label} ${styles.labelStack}`}>
                {messages.sets.label(index + 1)}
                {badge}
              </span>
              <SetRowEditor
                n={index + 1}
                set={set}
                unit={unit}
                previous={previous?.[index]}
                onSave={(values) => onSave(index, values)}
              />
              {tick}
            </li>
          );
        }
        return (
          <li key={set.id ?? index} className={styles.set} data-done={done}>
            {tick ??
              (done ? (
                <span className={styles.doneMark}>
                  <CheckIcon />
                  <span className="visuallyHidden">{messages.dayLog.done}</span>
                </span>
              ) : null)}
            <span className={styles.label}>{messages.sets.label(index + 1)}</span>
            {set.weight !== 0 ? (
              <span className={styles.weight}>{formatWeight(set.weight, unit)}</span>
            ) : null}
            <span className={styles.reps}>{messages.sets.reps(set.reps)}</span>
            {badge}
          </li>
        );
      })}
    </ol>
  );
}
