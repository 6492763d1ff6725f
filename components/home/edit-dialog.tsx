'use client';

import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { describeError } from '@/components/workout/errors';
import { sequencesOf } from '@/components/workout/reorder';
import {
  setDraftsFrom,
  toRepWeightInputs,
  validateSets,
  type SetDraft,
} from '@/components/workout/set-drafts';
import { SetEditor } from '@/components/workout/set-editor';
import { SortableList } from '@/components/workout/sortable-list';
import {
  dayKey,
  deleteTodayExercise,
  isMonthKey,
  updateTodaySequence,
  updateTodaySets,
} from '@/lib/api/today';
import type { Today } from '@/lib/contract/today';
import { messages } from '@/lib/i18n/messages';
import { bySequence } from './day-log-panel';
import styles from './edit-dialog.module.css';

interface EditItem {
  id: number;
  exerciseName: string;
  sets: SetDraft[];
}

/**
 * The day log's edit modal (`수정`): the day's exercises reorder by drag and drop (mouse, touch or
 * keyboard), sets are added, changed or removed (`세트 추가`), an exercise is taken out at once
 * (DELETE /api/todayExercise/{id}). `저장` checks every set's reps, then sends the new order and
 * the sets, and reloads the day and the month.
 */
export function EditDialog({ today, onClose }: { today: Today; onClose: () => void }) {
  const [items, setItems] = useState<EditItem[]>(() =>
    bySequence(today.todayExercises).map((entry) => ({
      id: entry.id,
      exerciseName: entry.exerciseName,
      sets: setDraftsFrom(entry.repWeightList),
    })),
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { mutate } = useSWRConfig();
  const toast = useToast();

  const revalidate = () => Promise.all([mutate(dayKey(today.localDate)), mutate(isMonthKey)]);

  const updateSets = (id: number, sets: SetDraft[]) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, sets } : item)));
    setErrors((current) => {
      if (!current[id]) return current;
      const next = { ...current };
      delete next[id];
      return next;
    });
  };

  async function removeItem(item: EditItem) {
    if (busy) return;
    setBusy(true);
    setFormError(null);
    try {
      await deleteTodayExercise(item.id);
      setItems((current) => current.filter((entry) => entry.id !== item.id));
      toast.success(messages.dayLog.removed);
      void revalidate();
    } catch (failure) {
      setFormError(describeError(failure, messages.dayLog.removeFailed));
    } finally {
      setBusy(false);
    }
  }

  async function onSave() {
    if (busy) return;
    const found: Record<number, string> = {};
    for (const item of items) {
      const problem = validateSets(item.sets);
      if (problem) found[item.id] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (items.length === 0) {
      onClose();
      return;
    }

    setBusy(true);
    setFormError(null);
    try {
      await updateTodaySequence(
        today.id,
        sequencesOf(items, (item) => item.id),
      );
      await updateTodaySets(
        today.id,
        items.map((item) => ({ id: item.id, repWeightList: toRepWeightInputs(item.sets) })),
      );
      await revalidate();
      toast.success(messages.dayLog.updated);
      onClose();
    } catch (failure) {
      setFormError(describeError(failure, messages.dayLog.updateFailed));
      void revalidate();
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={messages.dayLog.edit}
      description={messages.dayLog.editDescription(today.localDate)}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {messages.dayLog.cancel}
          </Button>
          <Button onClick={() => void onSave()} disabled={busy}>
            {busy ? messages.dayLog.saving : messages.dayLog.save}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        {items.length === 0 ? (
          <p className={styles.hint}>{messages.dayLog.editEmpty}</p>
        ) : (
          <>
            <p className={styles.instructions}>{messages.routine.reorderInstructions}</p>
            <SortableList
              id={`today-${today.id}`}
              items={items}
              getKey={(item) => String(item.id)}
              getLabel={(item) => item.exerciseName}
              onReorder={setItems}
              renderItem={(item) => (
                <div className={styles.item}>
                  <div className={styles.itemHead}>
                    <h3 className={styles.itemName}>{item.exerciseName}</h3>
                    <Button
                      variant="ghost"
                      size="sm"
                      className={styles.remove}
                      aria-label={messages.dayLog.removeExercise(item.exerciseName)}
                      onClick={() => void removeItem(item)}
                      disabled={busy}
                    >
                      {messages.dayLog.remove}
                    </Button>
                  </div>
                  <SetEditor
                    legend={messages.sets.groupLabel(item.exerciseName)}
                    sets={item.sets}
                    error={errors[item.id]}
                    disabled={busy}
                    onChange={(sets) => updateSets(item.id, sets)}
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
