'use client';

import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { MinusIcon, SmallPlusIcon } from '@/components/ui/icons';
import { useWeightUnit } from '@/features/training/use-weight-unit';
import { LIMITS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';

import { RpePicker } from './rpe-picker';
import {
  hasValidReps,
  hasValidWeight,
  newSetDraft,
  parseNumberInput,
  type SetDraft,
} from './set-drafts';
import styles from './set-editor.module.css';
import { SetKindBadge } from './set-kind-badge';
import { setBadges } from './set-kinds';

export interface SetEditorProps {
  /** The rows, in order (set 1 first). */
  sets: readonly SetDraft[];
  /** Called with the whole new list after every edit, add or remove. */
  onChange: (sets: SetDraft[]) => void;
  /** Name of the group (the fieldset's legend), e.g. the exercise name. */
  legend: string;
  /** Show the legend (a visually hidden legend still names the group for screen readers). */
  showLegend?: boolean;
  /** A validation message under the rows; reps and weight inputs that break the rules are marked invalid. */
  error?: string | null;
  disabled?: boolean;
}

/**
 * Editable sets: per row the set's kind badge (its number, W, D or F; issue 27), a weight then a
 * reps number input (weight before reps everywhere, issue 29; placeholders `무게 (Set N)` and
 * `반복 횟수 (Set N)`, also their labels), the RPE picker, a remove button, and `세트 추가` at the
 * bottom. A drop set sits indented under the set it belongs to; a warm-up is set apart. Shared by the exercise form, the routine edit modal and the day
 * log's edit modal. Controlled: the parent owns the list and validates it with `validateSets`.
 */
export function SetEditor({
  sets,
  onChange,
  legend,
  showLegend = false,
  error,
  disabled = false,
}: SetEditorProps) {
  const baseId = useId();
  const errorId = `${baseId}-error`;
  // The drafts hold weights in this unit (setDraftsFrom / toRepWeightInputs convert).
  const unit = useWeightUnit();

  const update = (index: number, patch: Partial<SetDraft>) =>
    onChange(sets.map((set, i) => (i === index ? { ...set, ...patch } : set)));
  const remove = (index: number) => onChange(sets.filter((_, i) => i !== index));
  const add = () => onChange([...sets, newSetDraft()]);
  const badges = setBadges(sets);

  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
    >
      <legend className={showLegend ? styles.legend : 'visuallyHidden'}>{legend}</legend>
      {sets.length > 0 ? (
        <ol className={styles.rows}>
          {sets.map((set, index) => {
            const n = index + 1;
            const repsInvalid = Boolean(error) && !hasValidReps(set);
            const weightInvalid = Boolean(error) && !hasValidWeight(set);
            const badge = badges[index];
            return (
              <li
                key={set.key}
                className={styles.row}
                data-type={set.type}
                data-joined={badge.joined || undefined}
              >
                <SetKindBadge
                  n={n}
                  badge={badge}
                  disabled={disabled}
                  onChange={(type) => update(index, { type })}
                />
                <div className={styles.field}>
                  <label className="visuallyHidden" htmlFor={`${baseId}-${set.key}-weight`}>
                    {messages.sets.weightLabel(n)}
                  </label>
                  <input
                    id={`${baseId}-${set.key}-weight`}
                    className={styles.input}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={LIMITS.weight}
                    step="any"
                    placeholder={messages.sets.weightPlaceholder(n)}
                    value={set.weight ?? ''}
                    aria-invalid={weightInvalid || undefined}
                    onChange={(event) =>
                      update(index, { weight: parseNumberInput(event.target.value) })
                    }
                  />
                  <span className={styles.unit} aria-hidden="true">
                    {unit}
                  </span>
                </div>
                <div className={styles.field}>
                  <label className="visuallyHidden" htmlFor={`${baseId}-${set.key}-reps`}>
                    {messages.sets.repsLabel(n)}
                  </label>
                  <input
                    id={`${baseId}-${set.key}-reps`}
                    className={styles.input}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={LIMITS.reps}
                    step={1}
                    placeholder={messages.sets.repsPlaceholder(n)}
                    value={set.reps ?? ''}
                    aria-invalid={repsInvalid || undefined}
                    onChange={(event) =>
                      update(index, { reps: parseNumberInput(event.target.value) })
                    }
                  />
                  <span className={styles.unit} aria-hidden="true">
                    {messages.sets.repsUnit}
                  </span>
                </div>
                <RpePicker
                  n={n}
                  value={set.rpe}
                  disabled={disabled}
                  className={styles.rpe}
                  onChange={(rpe) => update(index, { rpe })}
                />
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={messages.sets.remove(n)}
                  onClick={() => remove(index)}
                >
                  <MinusIcon width="18" height="18" />
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        className={styles.add}
        onClick={add}
        icon={<SmallPlusIcon />}
      >
        {messages.sets.add}
      </Button>
      {error ? (
        <p className={styles.error} id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
