'use client';

import { useId } from 'react';

import { describeError } from '@/components/ui/errors';
import panel from '@/components/ui/panel.module.css';
import { useToast } from '@/components/ui/toast';
import { type TrainingSettings, trainingSettingsRead } from '@/features/training/reads/training';
import { RequestRestNotificationsButton } from '@/features/training/rest-timer/request-rest-notifications-button';
import { RestSecondsSelect } from '@/features/training/sets/rest-seconds-select';
import { loadApi } from '@/lib/api/load';
import type { TrainingSettingsUpdate } from '@/lib/contract/training';
import { REST_SECONDS } from '@/lib/contract/values';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';
import { inventoryOf, type PlateInventory } from '@/lib/shared/training/plates';
import { WEIGHT_UNITS } from '@/lib/shared/training/units';

import { PlateInventorySettings } from './plate-inventory-settings';
import styles from './training-settings.module.css';

const text = messages.trainingSettings;

/**
 * The member's training settings on their profile: kg or lb, whether the last ticked set ticks
 * the day's 완료, the bar and plates for the unit, the default rest, and the end-of-rest
 * notification. Each change is saved at once
 * (shown before the server answers, put back with a toast when it refuses).
 */
export function TrainingSettingsPanel() {
  const headingId = useId();
  const { data: settings, mutate } = useRead(trainingSettingsRead, []);
  const toast = useToast();
  const current: TrainingSettings = settings ?? {
    weightUnit: 'kg',
    autoCompleteDay: true,
    restSeconds: REST_SECONDS.default,
  };

  /** Saves `update`; true when the server took it. */
  async function save(update: TrainingSettingsUpdate): Promise<boolean> {
    const next: TrainingSettings = {
      ...current,
      ...update,
      // A unit's inventory replaces that unit's alone, as the server merges it.
      plates: update.plates ? { ...current.plates, ...update.plates } : current.plates,
    };
    try {
      await mutate(async () => (await loadApi()).updateTrainingSettings(update), {
        optimisticData: next,
        rollbackOnError: true,
        populateCache: true,
        revalidate: false,
      });
    } catch (failure) {
      toast.error(describeError(failure, text.saveFailed));
      return false;
    }
    return true;
  }

  async function savePlates(inventory: PlateInventory) {
    if (await save({ plates: { [current.weightUnit]: inventory } })) {
      toast.success(messages.plates.saved);
    }
  }

  return (
    <section className={panel.panel} aria-labelledby={headingId}>
      <h2 className={panel.heading} id={headingId}>
        {text.heading}
      </h2>
      <fieldset className={styles.units}>
        <legend className={styles.legend}>{text.weightUnit}</legend>
        {WEIGHT_UNITS.map((unit) => (
          <label key={unit} className={styles.unit}>
            <input
              type="radio"
              name={`${headingId}-unit`}
              value={unit}
              checked={current.weightUnit === unit}
              onChange={() => void save({ weightUnit: unit })}
            />
            <span>{unit}</span>
          </label>
        ))}
      </fieldset>
      <PlateInventorySettings
        key={current.weightUnit}
        unit={current.weightUnit}
        inventory={inventoryOf(current.plates, current.weightUnit)}
        onSave={savePlates}
      />
      <label className={styles.toggle}>
        <input
          type="checkbox"
          checked={current.autoCompleteDay}
          onChange={(event) => void save({ autoCompleteDay: event.target.checked })}
        />
        <span>{text.autoCompleteDay}</span>
      </label>
      <RestSecondsSelect
        label={text.restSeconds}
        value={current.restSeconds}
        onChange={(value) => {
          if (value !== null) void save({ restSeconds: value });
        }}
      />
      <div className={styles.notifications}>
        <p className={styles.hint}>{text.notificationsHint}</p>
        <RequestRestNotificationsButton />
      </div>
    </section>
  );
}
