'use client';

import { useState } from 'react';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeError } from '@/components/ui/errors';
import { useToast } from '@/components/ui/toast';
import type { Routine } from '@/features/training/reads/routines';
import { ExerciseEditList, useExerciseEdits } from '@/features/training/sets/exercise-edit-list';
import {
  type SetDraft,
  setDraftsFrom,
  toRepWeightInputs,
} from '@/features/training/sets/set-drafts';
import { useWeightUnit } from '@/features/training/use-weight-unit';
import { ROUTINES_KEY } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import { messages } from '@/lib/i18n/messages';

import styles from './routine-dialogs.module.css';

interface EditItem {
  routineExerciseId: number;
  exerciseName: string;
  sets: SetDraft[];
}

/**
 * The routine edit modal (`수정`): exercises reorder by drag and drop (mouse, touch or keyboard),
 * sets are added, changed or removed, exercises are taken out. Nothing is sent until `저장`, which
 * first checks every exercise's sets (the backend's rules); then removed exercises are deleted,
 * sequences become 1..n, and every exercise's sets are replaced. Field errors the backend still
 * returns show under the matching exercise.
 */
export function RoutineEditDialog({ routine, onClose }: { routine: Routine; onClose: () => void }) {
  const unit = useWeightUnit();
  const { items, setItems, errors, updateSets, validate, showFieldErrors } =
    useExerciseEdits<EditItem>(
      () =>
        routine.exercises.map((item) => ({
          routineExerciseId: item.routineExerciseId,
          exerciseName: item.exerciseName,
          sets: setDraftsFrom(item.repWeightList, unit),
        })),
      (item) => item.routineExerciseId,
    );
  const [removed, setRemoved] = useState<number[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { mutate } = useSWRConfig();
  const toast = useToast();

  const removeItem = (id: number) => {
    setItems((current) => current.filter((item) => item.routineExerciseId !== id));
    setRemoved((current) => [...current, id]);
  };

  async function onSave() {
    if (busy) return;
    if (!validate()) return;

    setBusy(true);
    setFormError(null);
    try {
      const api = await loadApi();
      for (const id of removed) {
        await api.deleteRoutineExercise(id);
        setRemoved((current) => current.filter((item) => item !== id));
      }
      if (items.length > 0) {
        await api.updateRoutineSequence(
          routine.routineId,
          items.map((item, index) => ({
            routineExerciseId: item.routineExerciseId,
            sequence: index + 1,
          })),
        );
        await api.updateRoutineSets(
          routine.routineId,
          items.map((item, index) => ({
            routineExerciseId: item.routineExerciseId,
            sequence: index + 1,
            repWeightList: toRepWeightInputs(item.sets, unit),
          })),
        );
      }
      await mutate(ROUTINES_KEY);
      toast.success(messages.routine.updated);
      onClose();
    } catch (failure) {
      if (!showFieldErrors(failure)) {
        setFormError(describeError(failure, messages.routine.updateFailed));
      }
      void mutate(ROUTINES_KEY);
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={messages.routine.edit}
      description={routine.routineName}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {messages.routine.cancel}
          </Button>
          <Button onClick={onSave} disabled={busy}>
            {busy ? messages.routine.saving : messages.routine.save}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        {items.length === 0 ? (
          <p className={styles.hint}>{messages.routine.editEmpty}</p>
        ) : (
          <ExerciseEditList
            id={`routine-${routine.routineId}`}
            items={items}
            getKey={(item) => item.routineExerciseId}
            onReorder={setItems}
            onRemove={(item) => removeItem(item.routineExerciseId)}
            onSetsChange={updateSets}
            errors={errors}
            busy={busy}
            removeText={messages.routine.delete}
            removeLabel={messages.routine.removeExercise}
          />
        )}
        {formError ? (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
