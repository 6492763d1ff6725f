import type { RepWeight } from '@/lib/contract/exercise';
import type { RecordKindDto } from '@/lib/contract/training';
import { messages } from '@/lib/i18n/messages';
import { formatWeight, type WeightUnit } from '@/lib/training/units';
import styles from './tick-set-list.module.css';

export interface TickSetListProps {
  sets: readonly RepWeight[];
  /** Record kinds each set broke, by set id (absent: none, or not loaded yet). */
  records?: ReadonlyMap<number, readonly RecordKindDto[]>;
  /** Ticks or unticks a set; absent for a read-only log (a friend's). */
  onTick?: (set: RepWeight, done: boolean) => void;
  /** The member's unit (weights are stored in kg). */
  unit?: WeightUnit;
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <path
        d="M4.5 10.5l3.5 3.5 7.5-8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A PR badge: `PR` on screen, the records it stands for in its accessible text and title. */
export function RecordBadge({ kinds }: { kinds: readonly RecordKindDto[] }) {
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
 * A day's sets with one-tap done marks (a 44 px button each, `aria-pressed`) and the PR badges
 * of the sets that set a record. Without `onTick` (a friend's log) the marks are shown, not
 * offered.
 */
export function TickSetList({ sets, records, onTick, unit = 'kg' }: TickSetListProps) {
  return (
    <ol className={styles.rows}>
      {sets.map((set, index) => {
        const done = set.done === true;
        const kinds = set.id === null ? undefined : records?.get(set.id);
        return (
          <li key={set.id ?? index} className={styles.set} data-done={done}>
            {onTick ? (
              <button
                type="button"
                className={styles.tick}
                aria-pressed={done}
                aria-label={messages.training.tickSet(index + 1)}
                onClick={() => onTick(set, !done)}
              >
                <CheckIcon />
              </button>
            ) : done ? (
              <span className={styles.doneMark}>
                <CheckIcon />
                <span className="visuallyHidden">{messages.dayLog.done}</span>
              </span>
            ) : null}
            <span className={styles.label}>{messages.sets.label(index + 1)}</span>
            <span className={styles.reps}>{messages.sets.reps(set.reps)}</span>
            {set.weight !== 0 ? (
              <span className={styles.weight}>{formatWeight(set.weight, unit)}</span>
            ) : null}
            {kinds && kinds.length > 0 ? <RecordBadge kinds={kinds} /> : null}
          </li>
        );
      })}
    </ol>
  );
}
