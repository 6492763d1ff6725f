'use client';

import { type ComponentProps, type ReactNode, useId } from 'react';

import styles from './text-field.module.css';

interface FieldProps {
  /** The visible label. */
  label: string;
  /** A validation message under the control (also marks it invalid). */
  error?: string | null;
}

function Field({
  label,
  error,
  children,
}: FieldProps & { children: (ids: { id: string; errorId: string }) => ReactNode }) {
  const id = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, errorId })}
      {error ? (
        <p className={styles.error} id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type TextFieldProps = FieldProps & Omit<ComponentProps<'input'>, 'id' | 'className'>;

/** A labelled text input with an error line (the workout screens' forms). */
export function TextField({ label, error, ...rest }: TextFieldProps) {
  return (
    <Field label={label} error={error}>
      {({ id, errorId }) => (
        <input
          {...rest}
          id={id}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      )}
    </Field>
  );
}

export type TextAreaFieldProps = FieldProps & Omit<ComponentProps<'textarea'>, 'id' | 'className'>;

/** A labelled textarea with an error line. */
export function TextAreaField({ label, error, rows = 3, ...rest }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error}>
      {({ id, errorId }) => (
        <textarea
          {...rest}
          id={id}
          rows={rows}
          className={`${styles.input} ${styles.textarea}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      )}
    </Field>
  );
}
