'use client';

import { useRouter } from 'next/navigation';
import {
  type ChangeEvent,
  type FormEvent,
  startTransition,
  useActionState,
  useRef,
  useState,
} from 'react';

import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { failureMessage, fieldErrorsOf } from '@/components/ui/errors';
import { PageHeader } from '@/components/ui/page-header';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { loadApi } from '@/lib/api/load';
import { CLUB_LIMITS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';

import styles from './club-create-page.module.css';
import {
  CLUB_FIELDS,
  type ClubField,
  type ClubFormErrors,
  type ClubFormValues,
  emptyClubForm,
  isValidClubForm,
  toClubPayload,
  validateClubForm,
} from './club-form';
import { useRevalidateClubs } from './use-revalidate-clubs';

const labels: Record<ClubField, string> = {
  title: messages.clubForm.name,
  content: messages.clubForm.content,
  location: messages.clubForm.location,
  schedule: messages.clubForm.schedule,
  highlight: messages.clubForm.highlight,
};

const placeholders: Record<ClubField, string> = {
  title: messages.clubForm.namePlaceholder,
  content: messages.clubForm.contentPlaceholder,
  location: messages.clubForm.locationPlaceholder,
  schedule: messages.clubForm.schedulePlaceholder,
  highlight: messages.clubForm.highlightPlaceholder,
};

/**
 * The club creation form (/club/create). On submit every trimmed field must be non-empty, else its
 * message shows under it; nothing is sent until all pass. Editing a field clears its message.
 * Success revalidates the club lists and goes to /club client-side; failure shows
 * `클럽 생성 중 오류가 발생했습니다.` under the form.
 */
export function ClubCreatePage() {
  const router = useRouter();
  const toast = useToast();
  const revalidateClubs = useRevalidateClubs();
  const [values, setValues] = useState<ClubFormValues>(emptyClubForm);
  const [errors, setErrors] = useState<ClubFormErrors>({});
  /** `failure`: why the last attempt failed (the spec's text, or a 429's wait), or null. */
  const [failure, create, submitting] = useActionState(
    async (_previous: string | null, club: ClubFormValues) => {
      try {
        await (await loadApi()).createClub(toClubPayload(club));
      } catch (error) {
        console.error('club: create failed', error);
        const fromServer = fieldErrorsOf(error);
        const fieldMessages: ClubFormErrors = {};
        for (const field of CLUB_FIELDS) {
          if (fromServer[field]) fieldMessages[field] = fromServer[field];
        }
        setErrors(fieldMessages);
        return failureMessage(error, messages.clubForm.failed);
      }
      void revalidateClubs();
      toast.success(messages.clubForm.created);
      // Still pending until the navigation is shown (it joins this action's transition).
      router.push('/club');
      return null;
    },
    null,
  );
  const refs = useRef<Partial<Record<ClubField, HTMLInputElement | HTMLTextAreaElement | null>>>(
    {},
  );

  function change(field: ClubField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function focusFirstInvalid(found: ClubFormErrors) {
    const first = CLUB_FIELDS.find((field) => found[field]);
    if (first) refs.current[first]?.focus();
  }

  // Checked here, in the event, so that focus moves to the first invalid field before anything
  // is disabled; only a valid form starts the action.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = validateClubForm(values);
    setErrors(found);
    if (!isValidClubForm(found)) {
      focusFirstInvalid(found);
      return;
    }
    startTransition(() => create(values));
  }

  function fieldProps(field: ClubField) {
    return {
      label: labels[field],
      placeholder: placeholders[field],
      value: values[field],
      error: errors[field],
      maxLength: CLUB_LIMITS[field],
      disabled: submitting,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        change(field, event.target.value),
    };
  }

  return (
    <div className={styles.page}>
      <PageHeader title={messages.clubForm.title} description={messages.clubForm.subtitle} />
      <Card padding="lg">
        <form className={styles.form} noValidate onSubmit={onSubmit}>
          <TextField
            {...fieldProps('title')}
            ref={(element) => {
              refs.current.title = element;
            }}
            autoComplete="off"
          />
          <TextAreaField
            {...fieldProps('content')}
            ref={(element) => {
              refs.current.content = element;
            }}
            rows={4}
          />
          <div className={styles.row}>
            <TextField
              {...fieldProps('location')}
              ref={(element) => {
                refs.current.location = element;
              }}
              autoComplete="off"
            />
            <TextField
              {...fieldProps('schedule')}
              ref={(element) => {
                refs.current.schedule = element;
              }}
              autoComplete="off"
            />
          </div>
          <TextField
            {...fieldProps('highlight')}
            ref={(element) => {
              refs.current.highlight = element;
            }}
            autoComplete="off"
          />
          {/* The last attempt's failure goes while the next one is under way. */}
          {failure && !submitting ? (
            <p className={styles.failure} role="alert">
              {failure}
            </p>
          ) : null}
          <div className={styles.actions}>
            <ButtonLink href="/club" variant="secondary">
              {messages.clubForm.cancel}
            </ButtonLink>
            <Button type="submit" disabled={submitting}>
              {submitting ? messages.clubForm.submitting : messages.clubForm.submit}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
