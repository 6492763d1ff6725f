import { CheckIcon } from '@/components/ui/icons';
import { RpeMark, RpePicker } from '@/features/training/sets/rpe-picker';
import { SetKindBadge } from '@/features/training/sets/set-kind-badge';
import { setBadges, type SetType } from '@/features/training/sets/set-kinds';
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
  /**
   * Saves one set's new kind or RPE (null clears it); with `onSave`, each row has the kind badge's
   * menu and the RPE picker.
   */
  onKind?: (index: number, patch: KindPatch) => void;
  /** The last session's sets of this exercise (kilograms), the ghosts of the rows by position. */
  previous?: readonly SetValues[];
  /** The member's unit (weights are stored in kg). */
  unit?: WeightUnit;
}

/** A change of a set's kind or RPE (null: no RPE). */
export type KindPatch = { type: SetType } | { rpe: number | null };

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
 * own log (`onTick`, `onSave`) edits each row in place (SetRowEditor): the kind badge first (its
 * number, W, D or F, a menu of the kinds; issue 27), weight, reps, the RPE picker, and the one-tap
 * done mark on the right, under the thumb (a 44 px button, `aria-pressed`); a drop set sits
 * indented under the set it belongs to and a warm-up is set apart. A friend's log shows
 * `1세트 100kg 5회` with the kind, the RPE and the marks, not offering them.
 */
export function TickSetList({
  sets,
  records,
  onTick,
  onSave,
  previous,
  unit = 'kg',
  onKind,
}: TickSetListProps) {
  const kinds = setBadges(sets);
  return (
    <ol className={styles.rows}>
      {sets.map((set, index) => {
        const done = set.done === true;
        const kind = kinds[index];
        const rowKind = { 'data-type': kind.type, 'data-joined': kind.joined || undefined };
        const broken = set.id === null ? undefined : records?.get(set.id);
        const badge = broken && broken.length > 0 ? <RecordBadge kinds={broken} /> : null;
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
            <li key={set.id ?? index} className={styles.editRow} data-done={done} {...rowKind}>
              <span className={styles.labelStack}>
                <SetKindBadge
                  n={index + 1}
                  badge={kind}
                  onChange={onKind ? (type) => onKind(index, { type }) : undefined}
                />
                {badge}
              </span>
              <SetRowEditor
                n={index + 1}
                set={set}
                unit={unit}
                previous={previous?.[index]}
                onSave={(values) => onSave(index, values)}
              />
              {onKind ? (
                <RpePicker
                  n={index + 1}
                  value={set.rpe ?? null}
                  className={styles.rpe}
                  onChange={(rpe) => onKind(index, { rpe })}
                />
              ) : null}
              {tick}
            </li>
          );
        }
        return (
          <li key={set.id ?? index} className={styles.set} data-done={done} {...rowKind}>
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
            {kind.type !== 'NORMAL' ? <SetKindBadge n={index + 1} badge={kind} /> : null}
            {set.rpe != null ? <RpeMark rpe={set.rpe} /> : null}
            {badge}
          </li>
        );
      })}
    </ol>
  );
}
