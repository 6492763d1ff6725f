'use client';

import { SelectField } from '@/components/ui/select-field';
import type { ClassificationOption } from '@/features/training/reads/exercises';
import type { Classification } from '@/lib/contract/exercise';

export interface ClassificationSelectProps {
  value: Classification;
  onChange: (value: Classification) => void;
  /** Options in display order, e.g. `classificationsRead`'s view (features/training/reads/exercises.ts) (Korean label → enum name). */
  options: readonly ClassificationOption[];
  /** The visible label. */
  label: string;
  error?: string | null;
  disabled?: boolean;
  /** Keep the label for assistive technology only. */
  labelHidden?: boolean;
}

/** A labelled native select of the muscle groups (value = enum name, text = Korean label). */
export function ClassificationSelect({
  value,
  onChange,
  options,
  label,
  error,
  disabled,
  labelHidden,
}: ClassificationSelectProps) {
  return (
    <SelectField
      label={label}
      labelHidden={labelHidden}
      value={value}
      error={error}
      disabled={disabled}
      onChange={(next) => onChange(next as Classification)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
