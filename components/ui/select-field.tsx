import { type ReactNode, useId } from 'react';

import { ChevronDownIcon } from '@/components/ui/chevron-down-icon';

import styles from './select-field.module.css';

export interface SelectFieldProps {
  /** The visible label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The `<option>`s. */
  children: ReactNode;
  error?: string | null;
  disabled?: boolean;
  /** Keep the label for assistive technology only (the row already shows what is chosen for). */
  labelHidden?: boolean;
}

/**
 * A labelled native select with the app's frame (its own chevron over the hidden native arrow)
 * and an optional error under it: the body-part and the rest selects.
 */
export function SelectField({
  label,
  value,
  onChange,
  children,
  error,
  disabled,
  labelHidden = false,
}: SelectFieldProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label className={labelHidden ? 'visuallyHidden' : styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.control}>
        <select
          id={id}
          className={styles.select}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          {children}
        </select>
        <ChevronDownIcon className={styles.chevron} />
      </div>
      {error ? (
        <p className={styles.error} id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
