'use client';

import { type FormEvent, useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { messages } from '@/lib/i18n/messages';
import {
  DEFAULT_PLATE_INVENTORIES,
  PLATE_LIMITS,
  type PlateInventory,
} from '@/lib/shared/training/plates';
import type { WeightUnit } from '@/lib/shared/training/units';

import styles from './training-settings.module.css';

const text = messages.plates;

export interface PlateInventorySettingsProps {
  unit: WeightUnit;
  /** The stored inventory for `unit` (the default gym's when the member has none). */
  inventory: PlateInventory;
  onSave: (inventory: PlateInventory) => Promise<void>;
}

/** Every size the editor offers: the default gym's and any other the member stored. */
function sizesOf(unit: WeightUnit, inventory: PlateInventory): number[] {
  const sizes = new Set([
    ...DEFAULT_PLATE_INVENTORIES[unit].plates.map((plate) => plate.size),
    ...inventory.plates.map((plate) => plate.size),
  ]);
  return [...sizes].sort((a, b) => b - a);
}

/**
 * The member's bar and plate pairs for their unit (issue 27 point 5), beside the unit setting:
 * the bar's weight and, per plate size, how many pairs they have (0 for none); saved together
 * with `원판 저장`. Remount it (key) when the unit changes.
 */
export function PlateInventorySettings({ unit, inventory, onSave }: PlateInventorySettingsProps) {
  const id = useId();
  const [bar, setBar] = useState(String(inventory.bar));
  // [size, pairs as typed], heaviest first (an object would list integer keys before 2.5).
  const [pairs, setPairs] = useState<[number, string][]>(() =>
    sizesOf(unit, inventory).map((size) => [
      size,
      String(inventory.plates.find((plate) => plate.size === size)?.pairs ?? 0),
    ]),
  );
  const [pending, setPending] = useState(false);
  const barValue = Number(bar);
  const barValid = bar.trim() !== '' && barValue > 0 && barValue <= PLATE_LIMITS.bar;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!barValid || pending) return;
    setPending(true);
    try {
      await onSave({
        bar: barValue,
        plates: pairs.map(([size, count]) => ({
          size,
          pairs: Math.min(PLATE_LIMITS.pairs, Math.max(0, Math.floor(Number(count) || 0))),
        })),
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.plates} aria-labelledby={`${id}-heading`} onSubmit={submit}>
      <h3 className={styles.platesHeading} id={`${id}-heading`}>
        {text.settingsHeading(unit)}
      </h3>
      <p className={styles.hint}>{text.settingsHint}</p>
      <label className={styles.field}>
        <span>{text.barLabel(unit)}</span>
        <input
          className={styles.number}
          type="number"
          inputMode="decimal"
          min="0"
          max={PLATE_LIMITS.bar}
          step="any"
          value={bar}
          aria-invalid={!barValid}
          aria-describedby={barValid ? undefined : `${id}-bar-error`}
          onChange={(event) => setBar(event.target.value)}
        />
      </label>
      {barValid ? null : (
        <p className={styles.error} id={`${id}-bar-error`}>
          {text.invalid}
        </p>
      )}
      <div className={styles.pairs}>
        {pairs.map(([size, count], index) => (
          <label key={size} className={styles.pair}>
            <span className={styles.pairSize}>{`${size}${unit}`}</span>
            <input
              className={styles.number}
              type="number"
              inputMode="numeric"
              min="0"
              max={PLATE_LIMITS.pairs}
              step="1"
              aria-label={text.pairsLabel(`${size}${unit}`)}
              value={count}
              onChange={(event) => {
                const typed = event.target.value;
                setPairs((current) =>
                  current.map((entry, at) => (at === index ? [entry[0], typed] : entry)),
                );
              }}
            />
            <span aria-hidden="true">{text.pairsUnit}</span>
          </label>
        ))}
      </div>
      <div className={styles.plateActions}>
        <Button type="submit" variant="secondary" disabled={!barValid} aria-busy={pending}>
          {text.save}
        </Button>
      </div>
    </form>
  );
}
