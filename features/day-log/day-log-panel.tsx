'use client';

import { type Ref, useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { describeError } from '@/components/ui/errors';
import { PlatesIcon, SmallPencilIcon, SmallPlusIcon } from '@/components/ui/icons';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { checkChange, setsChange, tickChange } from '@/features/day-log/offline/day-changes';
import { dayOutbox } from '@/features/day-log/offline/day-outbox';
import { PlateSheet } from '@/features/training/plates/plate-sheet';
import { trainingSettingsRead } from '@/features/training/reads/training';
import {
  DEFAULT_REST_SECONDS,
  startRestTimer,
} from '@/features/training/rest-timer/rest-timer-store';
import type { RepWeight } from '@/lib/contract/exercise';
import { LIMITS } from '@/lib/contract/values';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';
import { inventoryOf, type RampStep } from '@/lib/shared/training/plates';
import type { RecordKind } from '@/lib/shared/training/records';
import { formatWeight, fromDisplayWeight } from '@/lib/shared/training/units';

import styles from './day-log-panel.module.css';
import { previousSessionText } from './previous-session';
import {
  type DayEntry,
  type DayLog,
  type DayRecords,
  dayRecordsRead,
  previousSessionsRead,
} from './reads';
import type { SetValues } from './set-row-editor';
import { type KindPatch, RecordBadge, TickSetList } from './tick-set-list';
import { useDayLog } from './use-day-log';
import { withWarmups, workingWeight } from './warmup-sets';

export interface DayLogPanelProps {
  /** The chosen day, `YYYY-MM-DD`. */
  date: string;
  /** Opens the add dialog (ignored when `readOnly`). */
  onAdd?: () => void;
  /** Opens the edit modal with the day's record (ignored when `readOnly`). */
  onEdit?: (today: DayLog) => void;
  /** No add or edit buttons and no checkbox: the completion is shown as text (a friend's log). */
  readOnly?: boolean;
  /** Shows this friend's log (GET /api/today/friend/{friendId}/date/{date}); implies `readOnly`. */
  friendId?: number;
  /** The heading, for the home to bring into view and focus after a date was chosen. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** Entries in sequence order (a missing sequence last, keeping the server's order). */
export function bySequence(entries: readonly DayEntry[]): DayEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort(
      (a, b) =>
        (a.entry.sequence ?? Number.MAX_SAFE_INTEGER) -
          (b.entry.sequence ?? Number.MAX_SAFE_INTEGER) || a.index - b.index,
    )
    .map(({ entry }) => entry);
}

function recordsBySet(records: DayRecords | null | undefined): Map<number, RecordKind[]> {
  return new Map((records?.sets ?? []).map((set) => [set.id, set.records]));
}

function DayLogSkeleton() {
  return (
    <div className={styles.skeleton} role="status" aria-live="polite">
      <span className="visuallyHidden">{messages.dayLog.loading}</span>
      {[0, 1].map((row) => (
        <div key={row} className={styles.skeletonItem}>
          <Skeleton variant="title" />
          <Skeleton />
          <Skeleton short />
        </div>
      ))}
    </div>
  );
}

/**
 * The daily workout log: `{YYYY-MM-DD} 운동 일지`, the add and edit buttons, the day's exercises
 * with numbered sets, and the `완료` checkbox. Changes show at once and go through the day-log
 * outbox (lib/offline), which sends them now or, offline, when the connection is back; the month
 * and the day are read again once the server has them. Read-only (a
 * friend's log, with `friendId`): no buttons, and the completion as a status line instead.
 */
export function DayLogPanel({
  date,
  onAdd,
  onEdit,
  readOnly = false,
  friendId,
  headingRef,
}: DayLogPanelProps) {
  const headingId = useId();
  const locked = readOnly || friendId !== undefined;
  const { today, error, retry } = useDayLog(date, friendId);
  const toast = useToast();
  // The day's decorations, read once the log is known to have a record.
  const { data: records } = useRead(dayRecordsRead, today ? [date, friendId] : null);
  const { data: previous } = useRead(previousSessionsRead, today && !locked ? [date] : null);
  const { data: settings } = useRead(trainingSettingsRead, []);
  const unit = settings?.weightUnit ?? 'kg';
  // The entry whose plate sheet is open (issue 27 point 5).
  const [platesFor, setPlatesFor] = useState<number | null>(null);

  /**
   * Ticks a set: it shows at once and goes through the day-log outbox (sent now, or queued while
   * offline); the rest timer starts with a tick. A refusal the member is waiting for flips it
   * back with a toast.
   */
  async function onTickSet(entry: DayEntry, set: RepWeight, done: boolean) {
    if (!today || locked || set.id === null) return;
    if (done) {
      const seconds = entry.restSeconds ?? settings?.restSeconds ?? DEFAULT_REST_SECONDS;
      startRestTimer(seconds, entry.exerciseName);
    }
    const change = tickChange(today, entry, set.id, done, settings?.autoCompleteDay ?? true);
    try {
      await dayOutbox().submit(change.op, change.label);
    } catch (failure) {
      toast.error(describeError(failure, messages.training.tickFailed));
    }
  }

  /**
   * Saves one set edited in its row: the exercise's sets, that one changed, go through the outbox
   * like the edit modal's save (PATCH /api/todayExercise/{todayId}); `queued` while offline.
   */
  function onSaveSet(entry: DayEntry, index: number, values: SetValues | KindPatch) {
    if (!today || locked) return Promise.reject(new Error(messages.inlineSets.saveFailed));
    const current = today.todayExercises.find((candidate) => candidate.id === entry.id) ?? entry;
    // The other sets keep their kind and RPE (setsChange carries what they have).
    const sets = current.repWeightList.map((set, position) =>
      position === index
        ? { id: set.id, reps: set.reps, weight: set.weight, ...values }
        : { id: set.id, reps: set.reps, weight: set.weight },
    );
    const change = setsChange(today, [{ id: entry.id, sets }]);
    return dayOutbox().submit(change.op, change.label);
  }

  /**
   * A set's kind or RPE picked in its row: saved like a row's values (shown at once, queued
   * while offline); a refusal the member is waiting for shows a toast.
   */
  async function onKindSet(entry: DayEntry, index: number, patch: KindPatch) {
    try {
      await onSaveSet(entry, index, patch);
    } catch (failure) {
      const fallback = 'type' in patch ? messages.setKinds.typeFailed : messages.setKinds.rpeFailed;
      toast.error(describeError(failure, fallback));
    }
  }

  /** `세트 추가`: a copy of the exercise's last set, saved like an edit. */
  async function onAddSet(entry: DayEntry) {
    if (!today || locked) return;
    const sets = entry.repWeightList.map((set) => ({
      id: set.id,
      reps: set.reps,
      weight: set.weight,
    }));
    const last = entry.repWeightList[entry.repWeightList.length - 1];
    if (!last || sets.length >= LIMITS.sets) return;
    // The copy is a set of the same kind, but a warm-up's copy is a working set (the sets after
    // the warm-ups are the work); it has no RPE yet.
    const type = last.type === 'WARMUP' ? 'NORMAL' : (last.type ?? 'NORMAL');
    const change = setsChange(today, [
      {
        id: entry.id,
        sets: [...sets, { id: null, reps: last.reps, weight: last.weight, type }],
      },
    ]);
    try {
      await dayOutbox().submit(change.op, change.label);
    } catch (failure) {
      toast.error(describeError(failure, messages.inlineSets.addSetFailed));
    }
  }

  /**
   * `워밍업 세트 추가` in the plate sheet: the ramp's sets (the member's unit, stored as kg) go
   * before the exercise's working sets, saved like an edit through the outbox.
   */
  async function onAddWarmups(entry: DayEntry, ramp: RampStep[]) {
    if (!today || locked) return;
    const current = today.todayExercises.find((candidate) => candidate.id === entry.id) ?? entry;
    if (current.repWeightList.length + ramp.length > LIMITS.sets) {
      toast.error(messages.plates.addRampTooMany);
      return;
    }
    const warmups = ramp.map((step) => ({
      reps: step.reps,
      weight: fromDisplayWeight(step.total, unit),
    }));
    const change = setsChange(today, [
      { id: entry.id, sets: withWarmups(current.repWeightList, warmups) },
    ]);
    setPlatesFor(null);
    try {
      await dayOutbox().submit(change.op, change.label);
      toast.success(messages.plates.added(ramp.length));
    } catch (failure) {
      toast.error(describeError(failure, messages.plates.addRampFailed));
    }
  }

  /** The day's 완료: shown at once, sent through the outbox, flipped back with a toast if refused. */
  async function onToggle(checked: boolean) {
    if (!today || locked) return;
    const change = checkChange(today, checked);
    try {
      await dayOutbox().submit(change.op, change.label);
    } catch (failure) {
      toast.error(describeError(failure, messages.dayLog.checkFailed));
    }
  }

  const plateEntry =
    platesFor === null || locked
      ? undefined
      : today?.todayExercises.find((entry) => entry.id === platesFor);

  let body;
  if (today) {
    const entries = bySequence(today.todayExercises);
    const badges = recordsBySet(records);
    const sessionRecords = new Set(records?.sessionVolume ?? []);
    const previousByEntry = new Map((previous ?? []).map((p) => [p.todayExerciseId, p]));
    body = (
      <>
        {entries.length > 0 ? (
          <ol className={styles.entries}>
            {entries.map((entry, index) => (
              <li key={entry.id} className={styles.entry}>
                <h3 className={styles.entryName}>
                  <span className={styles.entryNumber} aria-hidden="true">
                    {index + 1}
                  </span>
                  {entry.exerciseName}
                  {sessionRecords.has(entry.id) ? <RecordBadge kinds={['sessionVolume']} /> : null}
                </h3>
                {previousByEntry.has(entry.id) ? (
                  <p className={styles.previous}>
                    {previousSessionText(previousByEntry.get(entry.id)!, unit)}
                  </p>
                ) : null}
                <TickSetList
                  sets={entry.repWeightList}
                  records={badges}
                  unit={unit}
                  previous={previousByEntry.get(entry.id)?.repWeightList}
                  onTick={locked ? undefined : (set, done) => void onTickSet(entry, set, done)}
                  onSave={locked ? undefined : (index, values) => onSaveSet(entry, index, values)}
                  onKind={
                    locked ? undefined : (index, patch) => void onKindSet(entry, index, patch)
                  }
                />
                {locked ? null : (
                  <div className={styles.entryActions}>
                    <Button
                      variant="ghost"
                      size="sm"
                      className={styles.addSet}
                      aria-label={messages.inlineSets.addSetLabel(entry.exerciseName)}
                      disabled={entry.repWeightList.length >= LIMITS.sets}
                      onClick={() => void onAddSet(entry)}
                      icon={<SmallPlusIcon width="20" height="20" />}
                    >
                      {messages.inlineSets.addSet}
                    </Button>
                    {workingWeight(entry.repWeightList) > 0 ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className={styles.addSet}
                        aria-label={messages.plates.openLabel(
                          entry.exerciseName,
                          formatWeight(workingWeight(entry.repWeightList), unit),
                        )}
                        aria-haspopup="dialog"
                        onClick={() => setPlatesFor(entry.id)}
                        icon={<PlatesIcon />}
                      >
                        {messages.plates.open}
                      </Button>
                    ) : null}
                  </div>
                )}
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.empty}>{messages.dayLog.empty}</p>
        )}
        {locked ? (
          <p
            className={`${styles.status} ${today.completed ? styles.statusDone : ''}`}
            data-done={today.completed}
          >
            <span className={styles.statusDot} aria-hidden="true" />
            {today.completed ? messages.dayLog.done : messages.dayLog.notDone}
          </p>
        ) : (
          <label className={styles.done}>
            <input
              type="checkbox"
              className={styles.doneBox}
              checked={today.completed}
              onChange={(event) => void onToggle(event.target.checked)}
            />
            <span>{messages.dayLog.completed}</span>
          </label>
        )}
      </>
    );
  } else if (today === null) {
    body = (
      <div className={styles.emptyState}>
        <p className={styles.empty}>{messages.dayLog.empty}</p>
        {locked ? null : <p className={styles.emptyHint}>{messages.dayLog.emptyHint}</p>}
      </div>
    );
  } else if (error) {
    body = (
      <InlineLoadError
        message={messages.dayLog.loadFailed}
        error={error}
        onRetry={() => void retry()}
      />
    );
  } else {
    body = <DayLogSkeleton />;
  }

  return (
    <div className={styles.panel} aria-labelledby={headingId} role="region">
      <div className={styles.header}>
        <h2
          className={styles.heading}
          id={headingId}
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
        >
          {messages.dayLog.heading(date)}
        </h2>
        {locked ? null : (
          <div className={styles.actions}>
            <Button
              variant="secondary"
              className={styles.iconButton}
              aria-label={messages.dayLog.add}
              title={messages.dayLog.add}
              onClick={onAdd}
            >
              <SmallPlusIcon width="20" height="20" />
            </Button>
            <Button
              variant="secondary"
              className={styles.iconButton}
              aria-label={messages.dayLog.edit}
              title={messages.dayLog.edit}
              disabled={!today}
              onClick={() => {
                if (today) onEdit?.(today);
              }}
            >
              <SmallPencilIcon />
            </Button>
          </div>
        )}
      </div>
      {body}
      {plateEntry ? (
        <PlateSheet
          open
          onClose={() => setPlatesFor(null)}
          exerciseName={plateEntry.exerciseName}
          weightKg={workingWeight(plateEntry.repWeightList)}
          unit={unit}
          inventory={inventoryOf(settings?.plates, unit)}
          onAddWarmups={(ramp) => void onAddWarmups(plateEntry, ramp)}
        />
      ) : null}
    </div>
  );
}
