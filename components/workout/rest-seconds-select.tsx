'use client';

import { useId } from 'react';
import { REST_SECONDS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';
import styles from './classification-select.module.css';
import { SelectChevron } from './select-chevron';

/** The rests offered: every REST_SECONDS.step up to 3 minutes, then whole minutes. */
export const REST_CHOICES: readonly number[] = [
  ...Array.from(
    { length: (180 - REST_SECONDS.min) / REST_SECONDS.step + 1 },
    (_, i) => REST_SECONDS.min + i * REST_SECONDS.step,
  ),
  240,
  300,
  420,
  REST_SECONDS.max,
];

export interface RestSecondsSelectProps {
  label: string;
  /** Seconds, or null for "the member's default" (offered only with `defaultSeconds`). */
  value: number | null;
  onChange: (value: number | null) => void;
  /** The member's default, offered first as `기본 (1분 30초)` when given. */
  defaultSeconds?: number;
  disabled?: boolean;
}

/** A labelled native select of rest durations (the same look as the body-part select). */
export function RestSecondsSelect({
  label,
  value,
  onChange,
  defaultSeconds,
  disabled,
}: RestSecondsSelectProps) {
  const id = useId();
  const choices =
    value === null || REST_CHOICES.includes(value) ? REST_CHOICES : [...REST_CHOICES, value];
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.control}>
        <select
          id={id}
          className={styles.select}
          value={value ?? ''}
          disabled={disabled}
          onChange={(event) =>
            onChange(event.target.value === '' ? null : Number(event.target.value))
          }
        >
          {defaultSeconds !== undefined ? (
            <option value="">{messages.rest.memberDefault(defaultSeconds)}</option>
          ) : null}
          {[...choices]
            .sort((a, b) => a - b)
            .map((seconds) => (
              <option key={seconds} value={seconds}>
                {messages.rest.duration(seconds)}
              </option>
            ))}
        </select>
        <SelectChevron className={styles.chevron} />
      </div>
    </div>
  );
}
