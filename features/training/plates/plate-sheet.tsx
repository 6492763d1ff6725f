'use client';

import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { messages } from '@/lib/i18n/messages';
import {
  groupPlates,
  type Loading,
  type PlateInventory,
  plateLoading,
  plateTone,
  type RampStep,
  warmupRamp,
} from '@/lib/shared/training/plates';
import { toDisplayWeight, type WeightUnit } from '@/lib/shared/training/units';

import styles from './plate-sheet.module.css';

const text = messages.plates;

export interface PlateSheetProps {
  open: boolean;
  onClose: () => void;
  exerciseName: string;
  /** The working weight, in kilograms as stored. */
  weightKg: number;
  unit: WeightUnit;
  /** The member's bar and plates in `unit`. */
  inventory: PlateInventory;
  /** Adds the ramp as warm-up sets (weights in the member's unit); absent hides the button. */
  onAddWarmups?: (ramp: RampStep[]) => void;
  /** The exercise has no room for the ramp's sets. */
  addDisabled?: boolean;
}

const show = (value: number, unit: WeightUnit) => `${value}${unit}`;

/** The plates per side as text: `한쪽에 25kg 2장, 10kg 1장`, or the empty bar. */
export function platesText(perSide: readonly number[], unit: WeightUnit): string {
  if (perSide.length === 0) return text.emptyBar;
  return text.perSide(
    groupPlates(perSide)
      .map(([size, count]) => text.plateCount(show(size, unit), count))
      .join(', '),
  );
}

/**
 * One side of the loaded bar, drawn: the sleeve and its plates from the collar out, each plate's
 * colour and height by its size. Decoration only (`aria-hidden`): the text beside says the same.
 */
function LoadedSleeve({ loading, unit }: { loading: Loading; unit: WeightUnit }) {
  return (
    <div className={styles.sleeve} aria-hidden="true">
      <span className={styles.barEnd} />
      <span className={styles.collar} />
      {loading.perSide.map((size, index) => (
        <span key={index} className={styles.plate} data-tone={plateTone(size, unit)}>
          <span className={styles.plateLabel}>{size}</span>
        </span>
      ))}
      <span className={styles.sleeveEnd} />
    </div>
  );
}

/**
 * The plate calculator (issue 27 point 5): for the working weight of an exercise, the plates per
 * side on the member's bar, drawn and said in words; the nearest loadable weight (and the ones
 * below and above) when the inventory cannot make it exactly; and a warm-up ramp from the bar,
 * which `워밍업 세트 추가` puts before the working sets in one tap.
 */
export function PlateSheet({
  open,
  onClose,
  exerciseName,
  weightKg,
  unit,
  inventory,
  onAddWarmups,
  addDisabled = false,
}: PlateSheetProps) {
  const rampId = useId();
  const target = toDisplayWeight(weightKg, unit);
  const result = plateLoading(target, inventory);
  const ramp = warmupRamp(target, inventory);
  let status: string;
  if (result.belowBar) status = text.belowBar(show(inventory.bar, unit));
  else if (result.exact) status = text.exact(show(target, unit));
  else status = text.nearest(show(target, unit), show(result.total, unit));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={text.title(exerciseName)}
      description={text.description(show(target, unit))}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {text.close}
          </Button>
          {onAddWarmups ? (
            <Button
              disabled={ramp.length === 0 || addDisabled}
              aria-describedby={rampId}
              onClick={() => onAddWarmups(ramp)}
            >
              {text.addRamp}
            </Button>
          ) : null}
        </>
      }
    >
      {/* Focusable so the sheet's middle, which scrolls on short screens, scrolls by keyboard. */}
      <div className={styles.body} role="group" aria-label={text.resultLabel} tabIndex={0}>
        <p className={styles.status} data-exact={result.exact} role="status">
          {status}
        </p>
        {!result.exact && !result.belowBar && result.below ? (
          <p className={styles.neighbours}>
            {text.neighbours(
              show(result.below.total, unit),
              result.above ? show(result.above.total, unit) : null,
            )}
          </p>
        ) : null}
        <section className={styles.loaded} aria-label={text.perSideHeading}>
          <p className={styles.total}>{show(result.total, unit)}</p>
          <LoadedSleeve loading={result} unit={unit} />
          <p className={styles.platesText}>{platesText(result.perSide, unit)}</p>
          <p className={styles.barText}>{text.bar(show(inventory.bar, unit))}</p>
        </section>
        <section className={styles.ramp} aria-labelledby={`${rampId}-heading`}>
          <h3 className={styles.rampHeading} id={`${rampId}-heading`}>
            {text.rampHeading}
          </h3>
          {ramp.length > 0 ? (
            <ol className={styles.rampList} id={rampId}>
              {ramp.map((step) => (
                <li key={step.total} className={styles.rampStep}>
                  <span className={styles.rampBadge} aria-hidden="true">
                    W
                  </span>
                  <span className={styles.rampWeight}>
                    {text.rampStep(show(step.total, unit), step.reps)}
                  </span>
                  <span className={styles.rampPlates}>{platesText(step.perSide, unit)}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className={styles.rampEmpty} id={rampId}>
              {text.rampEmpty}
            </p>
          )}
        </section>
      </div>
    </Dialog>
  );
}
