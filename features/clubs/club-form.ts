import { messages } from '@/lib/i18n/messages';

/** The club form's fields, in display order; they are also the create payload's fields. */
export const CLUB_FIELDS = ['title', 'content', 'location', 'schedule', 'highlight'] as const;
export type ClubField = (typeof CLUB_FIELDS)[number];

export type ClubFormValues = Record<ClubField, string>;
export type ClubFormErrors = Partial<Record<ClubField, string>>;

export const emptyClubForm: ClubFormValues = {
  title: '',
  content: '',
  location: '',
  schedule: '',
  highlight: '',
};

/** The message under each field when it is blank (highlight has its own, not schedule's). */
export const clubFieldRequired: Record<ClubField, string> = {
  title: messages.clubForm.nameRequired,
  content: messages.clubForm.contentRequired,
  location: messages.clubForm.locationRequired,
  schedule: messages.clubForm.scheduleRequired,
  highlight: messages.clubForm.highlightRequired,
};

/** Every field must be non-blank after trimming; returns one message per failing field. */
export function validateClubForm(values: ClubFormValues): ClubFormErrors {
  const errors: ClubFormErrors = {};
  for (const field of CLUB_FIELDS) {
    if (values[field].trim() === '') errors[field] = clubFieldRequired[field];
  }
  return errors;
}

/** True when `errors` has no message. */
export function isValidClubForm(errors: ClubFormErrors): boolean {
  return CLUB_FIELDS.every((field) => !errors[field]);
}

/** The trimmed payload sent to POST /api/club. */
export function toClubPayload(values: ClubFormValues): ClubFormValues {
  return {
    title: values.title.trim(),
    content: values.content.trim(),
    location: values.location.trim(),
    schedule: values.schedule.trim(),
    highlight: values.highlight.trim(),
  };
}
