'use client';

import { type FormEvent, useId, useState } from 'react';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeError } from '@/components/ui/errors';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { ROUTINES_KEY } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import { LIMITS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';

import styles from './routine-dialogs.module.css';

/** The add-routine modal (`루틴명`); a blank name shows `루틴 이름을 입력해주세요.` and sends nothing. */
export function RoutineNameDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { mutate } = useSWRConfig();
  const toast = useToast();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(messages.routine.nameRequired);
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      await (await loadApi()).createRoutine(trimmed);
      await mutate(ROUTINES_KEY);
      toast.success(messages.routine.created);
      onClose();
    } catch (failure) {
      setFormError(describeError(failure, messages.routine.createFailed));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={messages.routine.addTitle}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {messages.routine.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? messages.routine.saving : messages.routine.save}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={messages.routine.name}
          placeholder={messages.routine.namePlaceholder}
          value={name}
          maxLength={LIMITS.name}
          autoComplete="off"
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        {formError ? (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
