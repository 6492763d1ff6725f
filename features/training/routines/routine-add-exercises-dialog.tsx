'use client';

import { useState } from 'react';
import { useSWRConfig } from 'swr';

import { Button, ButtonLink } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeError } from '@/components/ui/errors';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonList } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { exercisesRead } from '@/features/training/reads/exercises';
import type { Routine } from '@/features/training/reads/routines';
import { ROUTINES_KEY } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import { LIMITS } from '@/lib/contract/values';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';

import styles from './routine-dialogs.module.css';
import { buildRoutineExerciseCreate } from './routine-sequence';

/**
 * The `운동 추가` modal of a routine: the member's exercises with checkboxes. The chosen ones are
 * added in the order they were checked, numbered after the routine's highest sequence.
 */
export function RoutineAddExercisesDialog({
  routine,
  onClose,
}: {
  routine: Routine;
  onClose: () => void;
}) {
  const { data: exercises, error, mutate: reload } = useRead(exercisesRead, []);
  const [selected, setSelected] = useState<number[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { mutate } = useSWRConfig();
  const toast = useToast();

  const toggle = (id: number, checked: boolean) => {
    setFormError(null);
    setSelected((current) =>
      checked
        ? [...current.filter((item) => item !== id), id]
        : current.filter((item) => item !== id),
    );
  };

  async function onSave() {
    if (busy) return;
    if (selected.length === 0) {
      setFormError(messages.routine.selectAtLeastOne);
      return;
    }
    if (selected.length > LIMITS.selection) {
      setFormError(messages.exercise.selectionTooMany(LIMITS.selection));
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      await (await loadApi()).addRoutineExercises(buildRoutineExerciseCreate(routine, selected));
      await mutate(ROUTINES_KEY);
      toast.success(messages.routine.exercisesAdded);
      onClose();
    } catch (failure) {
      setFormError(describeError(failure, messages.routine.exercisesAddFailed));
      setBusy(false);
    }
  }

  let body;
  if (exercises) {
    body =
      exercises.length === 0 ? (
        <div className={styles.form}>
          <p className={styles.hint}>{messages.routine.noExercisesInLibrary}</p>
          <ButtonLink href="/exercise" variant="secondary">
            {messages.routine.goToExercises}
          </ButtonLink>
        </div>
      ) : (
        <ul className={styles.choices}>
          {exercises.map((exercise) => (
            <li key={exercise.id}>
              <label className={styles.choice}>
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={selected.includes(exercise.id)}
                  onChange={(event) => toggle(exercise.id, event.target.checked)}
                />
                <span className={styles.choiceText}>
                  <span className={styles.choiceName}>{exercise.name}</span>
                  <span className={styles.choiceMeta}>
                    {messages.classification[exercise.classification]} ·{' '}
                    {messages.sets.count(exercise.repWeightList.length)}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      );
  } else if (error) {
    body = (
      <LoadError
        message={messages.exercise.loadFailed}
        detail={describeError(error, '')}
        onRetry={() => void reload()}
      />
    );
  } else {
    body = <SkeletonList rows={3} label={messages.exercise.loading} />;
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={messages.routine.addExercise}
      description={messages.routine.addExercisesTitle(routine.routineName)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {messages.routine.cancel}
          </Button>
          <Button onClick={onSave} disabled={busy || !exercises || exercises.length === 0}>
            {busy ? messages.routine.saving : messages.routine.save}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        {body}
        {selected.length > 0 ? (
          <p className={styles.selected} aria-live="polite">
            {messages.routine.selectedCount(selected.length)}
          </p>
        ) : null}
        {formError ? (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
