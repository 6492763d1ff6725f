'use client';

import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import layout from '@/components/ui/dialog-layout.module.css';
import { describeError } from '@/components/ui/errors';
import { sequencesOf } from '@/components/ui/reorder';
import { useToast } from '@/components/ui/toast';
import { deleteChange, sequenceChange, setsChange } from '@/features/day-log/offline/day-changes';
import { dayOutbox } from '@/features/day-log/offline/day-outbox';
import { ExerciseEditList, useExerciseEdits } from '@/features/training/sets/exercise-edit-list';
import {
  type SetDraft,
  setDraftsFrom,
  toRepWeightInputs,
} from '@/features/training/sets/set-drafts';
import { useWeightUnit } from '@/features/training/use-weight-unit';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';

import { bySequence } from './day-log-panel';
import styles from './edit-dialog.module.css';
import { previousSessionText } from './previous-session';
import { type DayLog, previousSessionsRead } from './reads';

interface EditItem {
  id: number;
  exerciseName: string;
  sets: SetDraft[];
}

/**
 * The day log's edit modal (`수정`): the day's exercises reorder by drag and drop (mouse, touch or
 * keyboard), sets are added, changed or removed (`세트 추가`), an exercise is taken out at once
 * (DELETE /api/todayExercise/{id}). `저장` checks every exercise's sets (the backend's rules),
 * then queues the new order (when it changed) and the sets in the day-log outbox, which sends
 * them now or once the connection is back; field errors the backend still returns show under the
 * matching exercise.
 */
export function EditDialog({ today, onClose }: { today: DayLog; onClose: () => void }) {
  const unit = useWeightUnit();
  // The day log has read these already: the same SWR entry, no request.
  const { data: previous } = useRead(previousSessionsRead, [today.localDate]);
  const previousByEntry = new Map((previous ?? []).map((p) => [p.todayExerciseId, p]));
  const { items, setItems, errors, updateSets, validate, showFieldErrors } =
    useExerciseEdits<EditItem>(
      () =>
        bySequence(today.todayExercises).map((entry) => ({
          id: entry.id,
          exerciseName: entry.exerciseName,
          sets: setDraftsFrom(entry.repWeightList, unit),
        })),
      (item) => item.id,
    );
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  async function removeItem(item: EditItem) {
    if (busy) return;
    const entry = today.todayExercises.find((candidate) => candidate.id === item.id);
    if (!entry) return;
    setBusy(true);
    setFormError(null);
    try {
      const change = deleteChange(today, entry);
      await dayOutbox().submit(change.op, change.label);
      setItems((current) => current.filter((candidate) => candidate.id !== item.id));
      toast.success(messages.dayLog.removed);
    } catch (failure) {
      setFormError(describeError(failure, messages.dayLog.removeFailed));
    } finally {
      setBusy(false);
    }
  }

  async function onSave() {
    if (busy) return;
    if (!validate()) return;
    if (items.length === 0) {
      onClose();
      return;
    }

    setBusy(true);
    setFormError(null);
    try {
      const outbox = dayOutbox();
      const order = sequenceChange(
        today,
        sequencesOf(items, (item) => item.id),
      );
      if (order) await outbox.submit(order.op, order.label);
      const sets = setsChange(
        today,
        items.map((item) => ({ id: item.id, sets: toRepWeightInputs(item.sets, unit) })),
      );
      await outbox.submit(sets.op, sets.label);
      toast.success(messages.dayLog.updated);
      onClose();
    } catch (failure) {
      if (!showFieldErrors(failure)) {
        setFormError(describeError(failure, messages.dayLog.updateFailed));
      }
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
      <div className={layout.form}>
        {items.length === 0 ? (
          <p className={styles.hint}>{messages.dayLog.editEmpty}</p>
        ) : (
          <ExerciseEditList
            id={`today-${today.id}`}
            items={items}
            getKey={(item) => item.id}
            note={(item) => {
              const session = previousByEntry.get(item.id);
              return session ? previousSessionText(session, unit) : null;
            }}
            onReorder={setItems}
            onRemove={(item) => void removeItem(item)}
            onSetsChange={updateSets}
            errors={errors}
            busy={busy}
            removeText={messages.dayLog.remove}
            removeLabel={messages.dayLog.removeExercise}
          />
        )}
        {formError ? (
          <p className={layout.formError} role="alert">
            {formError}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
