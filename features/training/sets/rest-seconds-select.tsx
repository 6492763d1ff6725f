'use client';

import { SelectField } from '@/components/ui/select-field';
import { REST_SECONDS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';

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

/** A labelled select of rest durations (the same frame as the body-part select). */
export function RestSecondsSelect({
  label,
  value,
  onChange,
  defaultSeconds,
  disabled,
}: RestSecondsSelectProps) {
  const choices =
    value === null || REST_CHOICES.includes(value) ? REST_CHOICES : [...REST_CHOICES, value];
  return (
    <SelectField
      label={label}
      value={value === null ? '' : String(value)}
      disabled={disabled}
      onChange={(next) => onChange(next === '' ? null : Number(next))}
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
    </SelectField>
  );
}
