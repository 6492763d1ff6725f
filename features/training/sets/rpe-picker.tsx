'use client';

import { messages } from '@/lib/i18n/messages';

import { repsInReserve, RPE_VALUES } from './set-kinds';
import styles from './set-kinds.module.css';

export interface RpePickerProps {
  /** The set's position, from 1 (the picker is named `N세트 RPE`). */
  n: number;
  /** The set's RPE, or null for none. */
  value: number | null;
  /** A new RPE, or null when `RPE 없음` was chosen (clears it). */
  onChange: (rpe: number | null) => void;
  disabled?: boolean;
  className?: string;
}

/** `RPE 8 · RIR 2`: the RPE with the reps in reserve it means (10 − RPE). */
export function rpeText(rpe: number): string {
  return messages.setKinds.rpe(rpe, repsInReserve(rpe));
}

/**
 * A set's RPE, optional: 6 to 10 in halves, each shown with its reps in reserve (`RPE 8 · RIR
 * 2`), or `RPE 없음`, which clears it. A native select (the phone's own wheel, the keyboard's
 * arrows) under a compact face: the RPE over its RIR, or `RPE –` when the set has none.
 */
export function RpePicker({ n, value, onChange, disabled = false, className }: RpePickerProps) {
  return (
    <span className={`${styles.rpe} ${className ?? ''}`} data-empty={value === null || undefined}>
      <span className={styles.rpeFace} aria-hidden="true">
        {value === null ? (
          <span className={styles.rpeValue}>{messages.setKinds.rpeNone}</span>
        ) : (
          <>
            <span className={styles.rpeValue}>{messages.setKinds.rpeShort(value)}</span>
            <span className={styles.rir}>{messages.setKinds.rirShort(repsInReserve(value))}</span>
          </>
        )}
      </span>
      <select
        className={styles.rpeSelect}
        aria-label={messages.setKinds.rpeLabel(n)}
        value={value === null ? '' : String(value)}
        disabled={disabled}
        onChange={(event) =>
          onChange(event.target.value === '' ? null : Number(event.target.value))
        }
      >
        <option value="">{messages.setKinds.rpeNoneOption}</option>
        {RPE_VALUES.map((rpe) => (
          <option key={rpe} value={String(rpe)}>
            {rpeText(rpe)}
          </option>
        ))}
      </select>
    </span>
  );
}

/** A read-only set's RPE: `RPE 8`, its reps in reserve in the title and the accessible text. */
export function RpeMark({ rpe }: { rpe: number }) {
  const full = rpeText(rpe);
  return (
    <span className={styles.rpeMark} title={full}>
      <span aria-hidden="true">{messages.setKinds.rpeShort(rpe)}</span>
      <span className="visuallyHidden">{full}</span>
    </span>
  );
}
