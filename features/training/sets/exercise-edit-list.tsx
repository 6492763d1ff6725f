'use client';

import { type ReactNode, useState } from 'react';

import { Button } from '@/components/ui/button';
import { fieldErrorsOf, setErrorsFromFields } from '@/components/ui/errors';
import { SortableList } from '@/components/ui/sortable-list';
import { messages } from '@/lib/i18n/messages';

import styles from './exercise-edit-list.module.css';
import { type SetDraft, validateSets } from './set-drafts';
import { SetEditor } from './set-editor';

/** An exercise as an edit modal holds it: its name and its editable sets. */
export interface EditableExercise {
  exerciseName: string;
  sets: SetDraft[];
}

/**
 * The state of an edit modal's exercises: the list, the per-exercise set errors (keyed by
 * `getKey`), `updateSets` (which clears that exercise's error), `validate` (which checks every
 * exercise's sets with the backend's rules, shows the problems and says whether all are valid) and
 * `showFieldErrors` (which puts a failed save's field errors, `{index}.repWeightList…` of the list
 * sent in the current order, under the matching exercise and says whether any matched).
 */
export function useExerciseEdits<T extends EditableExercise>(
  initial: () => T[],
  getKey: (item: T) => number,
) {
  const [items, setItems] = useState<T[]>(initial);
  const [errors, setErrors] = useState<Record<number, string>>({});

  const updateSets = (key: number, sets: SetDraft[]) => {
    setItems((current) => current.map((item) => (getKey(item) === key ? { ...item, sets } : item)));
    setErrors((current) => {
      if (!current[key]) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  };

  const validate = () => {
    const found: Record<number, string> = {};
    for (const item of items) {
      const problem = validateSets(item.sets);
      if (problem) found[getKey(item)] = problem;
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const showFieldErrors = (failure: unknown) => {
    const found = setErrorsFromFields(fieldErrorsOf(failure), items.map(getKey));
    if (Object.keys(found).length === 0) return false;
    setErrors(found);
    return true;
  };

  return { items, setItems, errors, updateSets, validate, showFieldErrors };
}

export interface ExerciseEditListProps<T extends EditableExercise> {
  /** Unique per list on the page (the sortable list's id). */
  id: string;
  items: readonly T[];
  /** A stable id per exercise; also the key of `errors`. */
  getKey: (item: T) => number;
  onReorder: (items: T[]) => void;
  onRemove: (item: T) => void;
  onSetsChange: (key: number, sets: SetDraft[]) => void;
  /** A validation message per exercise, by `getKey`. */
  errors: Record<number, string>;
  /** Disables the remove buttons and the set inputs (while saving or removing). */
  busy: boolean;
  /** Text of an exercise's remove button, e.g. `삭제`. */
  removeText: string;
  /** Accessible name of an exercise's remove button, e.g. `스쿼트 삭제`. */
  removeLabel: (name: string) => string;
  /** A line under an exercise's name (the day log's modal: what was lifted last time). */
  note?: (item: T) => ReactNode;
}

/**
 * The body of the routine and day log edit modals: the reorder instructions, then the exercises
 * reordered by drag and drop, each with its name, a remove button and its sets (SetEditor).
 */
export function ExerciseEditList<T extends EditableExercise>({
  id,
  items,
  getKey,
  onReorder,
  onRemove,
  onSetsChange,
  errors,
  busy,
  removeText,
  removeLabel,
  note,
}: ExerciseEditListProps<T>) {
  return (
    <>
      <p className={styles.instructions}>{messages.routine.reorderInstructions}</p>
      <SortableList
        id={id}
        items={items}
        getKey={(item) => String(getKey(item))}
        getLabel={(item) => item.exerciseName}
        onReorder={onReorder}
        renderItem={(item) => (
          <div className={styles.item}>
            <div className={styles.itemHead}>
              <h3 className={styles.itemName}>{item.exerciseName}</h3>
              <Button
                variant="ghost"
                size="sm"
                className={styles.remove}
                aria-label={removeLabel(item.exerciseName)}
                onClick={() => onRemove(item)}
                disabled={busy}
              >
                {removeText}
              </Button>
            </div>
            {note?.(item) ? <p className={styles.note}>{note(item)}</p> : null}
            <SetEditor
              legend={messages.sets.groupLabel(item.exerciseName)}
              sets={item.sets}
              error={errors[getKey(item)]}
              disabled={busy}
              onChange={(sets) => onSetsChange(getKey(item), sets)}
            />
          </div>
        )}
      />
    </>
  );
}
