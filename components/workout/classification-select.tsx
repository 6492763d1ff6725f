'use client';

import { useId } from 'react';
import type { Classification } from '@/lib/contract/exercise';
import type { ClassificationOption } from '@/lib/hooks/use-classifications';
import styles from './classification-select.module.css';
import { SelectChevron } from './select-chevron';

export interface ClassificationSelectProps {
  value: Classification;
  onChange: (value: Classification) => void;
  /** Options in display order, e.g. `useClassifications().options` (Korean label → enum name). */
  options: readonly ClassificationOption[];
  /** The visible label. */
  label: string;
  error?: string | null;
  disabled?: boolean;
}

/** A labelled native select of the muscle groups (value = enum name, text = Korean label). */
export function ClassificationSelect({
  value,
  onChange,
  options,
  label,
  error,
  disabled,
}: ClassificationSelectProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
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
          onChange={(event) => onChange(event.target.value as Classification)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <SelectChevron className={styles.chevron} />
      </div>
      {error ? (
        <p className={styles.error} id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
