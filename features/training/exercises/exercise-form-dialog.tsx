'use client';

import { type FormEvent, useId, useState } from 'react';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { describeError, fieldErrorsOf } from '@/components/ui/errors';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import type { ClassificationOption } from '@/features/training/reads/exercises';
import { trainingSettingsRead } from '@/features/training/reads/training';
import { ClassificationSelect } from '@/features/training/sets/classification-select';
import { RestSecondsSelect } from '@/features/training/sets/rest-seconds-select';
import { SetEditor } from '@/features/training/sets/set-editor';
import { EXERCISES_KEY, ROUTINES_KEY } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import type { Exercise } from '@/lib/contract/exercise';
import { LIMITS, REST_SECONDS } from '@/lib/contract/values';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';

import {
  draftFromExercise,
  emptyExerciseDraft,
  errorsFromFields,
  type ExerciseDraft,
  type ExerciseFormErrors,
  hasErrors,
  toExerciseBody,
  validateExercise,
} from './exercise-form';
import styles from './exercise-form-dialog.module.css';

export interface ExerciseFormDialogProps {
  /** The exercise to edit; absent for the add modal. */
  exercise?: Exercise | null;
  /** Classification options (Korean labels from the server's map). */
  options: readonly ClassificationOption[];
  onClose: () => void;
}

/**
 * The add / edit exercise modal. Mount it only while open (its state starts from `exercise`).
 * Nothing is sent until the form is valid; a failed save keeps it open with the reason; every
 * write revalidates the exercise list (and the routines, which show exercise names).
 */
export function ExerciseFormDialog({ exercise, options, onClose }: ExerciseFormDialogProps) {
  const editing = Boolean(exercise);
  const formId = useId();
  const { data: settings } = useRead(trainingSettingsRead, []);
  const unit = settings?.weightUnit ?? 'kg';
  const [draft, setDraft] = useState<ExerciseDraft>(() =>
    exercise ? draftFromExercise(exercise, unit) : emptyExerciseDraft(),
  );
  const [errors, setErrors] = useState<ExerciseFormErrors>({});
  const [busy, setBusy] = useState(false);
  const { mutate } = useSWRConfig();
  const toast = useToast();
  const confirm = useConfirm();

  const change = <K extends keyof ExerciseDraft>(field: K, value: ExerciseDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    // Every field but the rest (a select that cannot be wrong) has its own error.
    const errorField: keyof ExerciseFormErrors = field === 'restSeconds' ? 'form' : field;
    setErrors((current) =>
      current[errorField] || current.form
        ? { ...current, [errorField]: undefined, form: undefined }
        : current,
    );
  };

  const revalidate = () => Promise.all([mutate(EXERCISES_KEY), mutate(ROUTINES_KEY)]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = validateExercise(draft);
    if (hasErrors(found)) {
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const body = toExerciseBody(draft, unit, exercise?.restSeconds ?? null);
      const api = await loadApi();
      if (exercise) await api.updateExercise(exercise.id, body);
      else await api.createExercise(body);
      await revalidate();
      toast.success(editing ? messages.exercise.updated : messages.exercise.created);
      onClose();
    } catch (error) {
      setErrors(
        errorsFromFields(fieldErrorsOf(error)) ?? {
          form: describeError(error, messages.exercise.saveFailed),
        },
      );
      setBusy(false);
    }
  }

  async function onDelete() {
    if (!exercise || busy) return;
    const ok = await confirm({
      title: messages.exercise.deleteConfirmTitle,
      message: messages.exercise.deleteConfirm(exercise.name),
      confirmLabel: messages.exercise.delete,
      tone: 'danger',
    });
    if (!ok) return;
    setBusy(true);
    try {
      const api = await loadApi();
      await api.deleteExercise(exercise.id);
      await revalidate();
      toast.success(messages.exercise.deleted);
      onClose();
    } catch (error) {
      const reason = describeError(error, messages.exercise.deleteFailed);
      setErrors({ form: reason });
      toast.error(reason);
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? messages.exercise.editTitle : messages.exercise.addTitle}
      footer={
        <div className={styles.footer}>
          {editing ? (
            <Button variant="ghost" className={styles.delete} onClick={onDelete} disabled={busy}>
              {messages.exercise.delete}
            </Button>
          ) : null}
          <div className={styles.mainActions}>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {messages.exercise.cancel}
            </Button>
            <Button type="submit" form={formId} disabled={busy}>
              {busy ? messages.exercise.saving : messages.exercise.save}
            </Button>
          </div>
        </div>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={messages.exercise.name}
          placeholder={messages.exercise.namePlaceholder}
          value={draft.name}
          maxLength={LIMITS.name}
          autoComplete="off"
          error={errors.name}
          onChange={(event) => change('name', event.target.value)}
        />
        <ClassificationSelect
          label={messages.exercise.classification}
          value={draft.classification}
          options={options}
          error={errors.classification}
          onChange={(value) => change('classification', value)}
        />
        <TextAreaField
          label={messages.exercise.memo}
          placeholder={messages.exercise.memoPlaceholder}
          value={draft.memo}
          maxLength={LIMITS.memo}
          rows={2}
          error={errors.memo}
          onChange={(event) => change('memo', event.target.value)}
        />
        <RestSecondsSelect
          label={messages.rest.exerciseLabel}
          value={draft.restSeconds}
          defaultSeconds={settings?.restSeconds ?? REST_SECONDS.default}
          onChange={(value) => change('restSeconds', value)}
        />
        <SetEditor
          legend={messages.exercise.setsLegend}
          showLegend
          sets={draft.sets}
          error={errors.sets}
          onChange={(sets) => change('sets', sets)}
        />
        {errors.form ? (
          <p className={styles.formError} role="alert">
            {errors.form}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
