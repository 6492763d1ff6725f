'use client';

import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { describeError } from '@/components/workout/errors';
import {
  setDraftsFrom,
  toRepWeightInputs,
  validateSets,
  type SetDraft,
} from '@/components/workout/set-drafts';
import { SetEditor } from '@/components/workout/set-editor';
import { SortableList } from '@/components/workout/sortable-list';
import {
  deleteRoutineExercise,
  ROUTINES_KEY,
  updateRoutineSequence,
  updateRoutineSets,
} from '@/lib/api/routines';
import type { Routine } from '@/lib/contract/routine';
import { messages } from '@/lib/i18n/messages';
import styles from './routine-dialogs.module.css';

interface EditItem {
  routineExerciseId: number;
  exerciseName: string;
  sets: SetDraft[];
}

/**
 * The routine edit modal (`수정`): exercises reorder by drag and drop (mouse, touch or keyboard),
 * sets are added, changed or removed, exercises are taken out. Nothing is sent until `저장`; then
 * removed exercises are deleted, sequences become 1..n, and every exercise's sets are replaced.
 */
export function RoutineEditDialog({ routine, onClose }: { routine: Routine; onClose: () => void }) {
  const [items, setItems] = useState<EditItem[]>(() =>
    routine.routineExerciseDtoList.map((item) => ({
      routineExerciseId: item.routineExerciseId,
      exerciseName: item.exerciseName,
      sets: setDraftsFrom(item.repWeightList),
    })),
  );
  const [removed, setRemoved] = useState<number[]>([]);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { mutate } = useSWRConfig();
  const toast = useToast();

  const updateSets = (id: number, sets: SetDraft[]) => {
    setItems((current) =>
      current.map((item) => (item.routineExerciseId === id ? { ...item, sets } : item)),
    );
    setErrors((current) => {
      if (!current[id]) return current;
      const next = { ...current };
      delete next[id];
      return next;
    });
  };

  const removeItem = (id: number) => {
    setItems((current) => current.filter((item) => item.routineExerciseId !== id));
    setRemoved((current) => [...current, id]);
  };

  async function onSave() {
    if (busy) return;
    const found: Record<number, string> = {};
    for (const item of items) {
      const problem = validateSets(item.sets);
      if (problem) found[item.routineExerciseId] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setBusy(true);
    setFormError(null);
    try {
      for (const id of removed) {
        await deleteRoutineExercise(id);
        setRemoved((current) => current.filter((item) => item !== id));
      }
      if (items.length > 0) {
        await updateRoutineSequence(
          routine.routineId,
          items.map((item, index) => ({
            routineExerciseId: item.routineExerciseId,
            sequence: index + 1,
          })),
        );
        await updateRoutineSets(
          routine.routineId,
          items.map((item, index) => ({
            routineExerciseId: item.routineExerciseId,
            sequence: index + 1,
            repWeightList: toRepWeightInputs(item.sets),
          })),
        );
      }
      await mutate(ROUTINES_KEY);
      toast.success(messages.routine.updated);
      onClose();
    } catch (failure) {
      setFormError(describeError(failure, messages.routine.updateFailed));
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
          <>
            <p className={styles.instructions}>{messages.routine.reorderInstructions}</p>
            <SortableList
              id={`routine-${routine.routineId}`}
              items={items}
              getKey={(item) => String(item.routineExerciseId)}
              getLabel={(item) => item.exerciseName}
              onReorder={setItems}
              renderItem={(item) => (
                <div className={styles.editItem}>
                  <div className={styles.editHead}>
                    <h3 className={styles.editName}>{item.exerciseName}</h3>
                    <Button
                      variant="ghost"
                      size="sm"
                      className={styles.removeExercise}
                      aria-label={messages.routine.removeExercise(item.exerciseName)}
                      onClick={() => removeItem(item.routineExerciseId)}
                      disabled={busy}
                    >
                      {messages.routine.delete}
                    </Button>
                  </div>
                  <SetEditor
                    legend={messages.sets.groupLabel(item.exerciseName)}
                    sets={item.sets}
                    error={errors[item.routineExerciseId]}
                    disabled={busy}
                    onChange={(sets) => updateSets(item.routineExerciseId, sets)}
                  />
                </div>
              )}
            />
          </>
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
