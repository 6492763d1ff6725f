'use client';

import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

import { describeError } from '@/components/ui/errors';
import type { RepWeight } from '@/lib/contract/exercise';
import { LIMITS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';
import { fromDisplayWeight, toDisplayWeight, type WeightUnit } from '@/lib/shared/training/units';

import styles from './tick-set-list.module.css';

/** A set's values as saved: reps and kilograms. */
export interface SetValues {
  reps: number;
  weight: number;
}

export interface SetRowEditorProps {
  /** Position in the exercise, from 1. */
  n: number;
  set: RepWeight;
  /** The member's unit: the inputs show and take it, the save sends kilograms. */
  unit: WeightUnit;
  /** The same set of the last session (kilograms), shown as the inputs' ghost. */
  previous?: SetValues;
  /**
   * Saves the row's new values (kilograms): resolves `queued` when they wait for the connection
   * (the day-log outbox), rejects with the reason they could not be saved.
   */
  onSave: (values: SetValues) => Promise<'sent' | 'queued'>;
}

type Status = 'idle' | 'saving' | 'saved' | 'queued' | 'failed';

/** How long typing pauses before a valid change is saved without leaving the input. */
export const SAVE_DELAY_MS = 1500;
/** How long `저장됨` stays after a save. */
const SAVED_SHOWN_MS = 2500;

/** A stored weight as the weight input shows it: empty for 0 (the spec hides a 0 weight). */
function weightText(kg: number, unit: WeightUnit): string {
  return kg === 0 ? '' : String(toDisplayWeight(kg, unit));
}

function parse(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : NaN;
}

/**
 * What a row's texts mean: the values to save (kilograms), or the first problem (the backend's
 * rules and wording: reps a whole number 1–10000, weight 0–10000 kg, an empty weight is 0). A
 * weight left as it was shown keeps its stored kilograms exactly (pounds round when shown).
 */
export function readSetRow(
  texts: { weight: string; reps: string },
  stored: SetValues,
  unit: WeightUnit,
): { values: SetValues } | { error: string; field: 'weight' | 'reps' } {
  const weight = parse(texts.weight);
  const reps = parse(texts.reps);
  let kg = 0;
  if (weight !== null) {
    if (Number.isNaN(weight) || weight < 0) {
      return { error: messages.exercise.weightInvalid, field: 'weight' };
    }
    kg =
      texts.weight.trim() === weightText(stored.weight, unit)
        ? stored.weight
        : fromDisplayWeight(weight, unit);
    if (kg > LIMITS.weight) return { error: messages.exercise.weightInvalid, field: 'weight' };
  }
  if (reps === null || !Number.isInteger(reps) || reps < 1 || reps > LIMITS.reps) {
    return { error: messages.exercise.repsInvalid, field: 'reps' };
  }
  return { values: { reps, weight: kg } };
}

/**
 * One set of the member's own day log, edited where it is shown: the weight then the reps (number
 * keyboards), the previous session's value as a ghost placeholder that a tap copies in. A valid
 * change is saved when the input is left, on Enter, or after a pause in typing; the row says when it
 * is saving and when saving failed (with a retry). The server's newer values replace the texts
 * unless the member is in the middle of changing them.
 */
export function SetRowEditor({ n, set, unit, previous, onSave }: SetRowEditorProps) {
  const id = useId();
  const stored: SetValues = { reps: set.reps, weight: set.weight };
  const storedKey = `${set.reps}|${set.weight}|${unit}`;
  const [texts, setTexts] = useState(() => ({
    weight: weightText(set.weight, unit),
    reps: String(set.reps),
  }));
  const [dirty, setDirty] = useState(false);
  const [shownKey, setShownKey] = useState(storedKey);
  const [status, setStatus] = useState<Status>('idle');
  const [problem, setProblem] = useState<{ error: string; field: 'weight' | 'reps' } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const savedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Counts the member's edits: a save that ends after a newer edit leaves that edit alone.
  const edits = useRef(0);
  // The latest render's values for a save that a timer starts.
  const latest = useRef({ texts, stored, unit, onSave });
  useLayoutEffect(() => {
    latest.current = { texts, stored, unit, onSave };
  });

  // Newer values from the server (or another screen) show unless the member is typing here.
  if (storedKey !== shownKey && !dirty) {
    setShownKey(storedKey);
    setTexts({ weight: weightText(set.weight, unit), reps: String(set.reps) });
  }

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      if (savedTimer.current) clearTimeout(savedTimer.current);
    },
    [],
  );

  function cancelTimer() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }

  async function commit() {
    cancelTimer();
    const current = latest.current;
    const read = readSetRow(current.texts, current.stored, current.unit);
    if ('error' in read) {
      setProblem(read);
      return;
    }
    setProblem(null);
    const { values } = read;
    if (values.reps === current.stored.reps && values.weight === current.stored.weight) {
      setDirty(false);
      return;
    }
    setStatus('saving');
    const edit = edits.current;
    try {
      const outcome = await current.onSave(values);
      if (edit !== edits.current) {
        setStatus((now) => (now === 'saving' ? 'idle' : now));
        return;
      }
      setDirty(false);
      setStatus(outcome === 'queued' ? 'queued' : 'saved');
      if (savedTimer.current) clearTimeout(savedTimer.current);
      if (outcome !== 'queued') {
        savedTimer.current = setTimeout(
          () => setStatus((now) => (now === 'saved' ? 'idle' : now)),
          SAVED_SHOWN_MS,
        );
      }
    } catch (failure) {
      if (edit !== edits.current) {
        setStatus((now) => (now === 'saving' ? 'idle' : now));
        return;
      }
      setStatus('failed');
      setProblem({
        error: describeError(failure, messages.inlineSets.saveFailed),
        field: 'weight',
      });
    }
  }

  function change(field: 'weight' | 'reps', value: string) {
    edits.current += 1;
    setTexts((current) => ({ ...current, [field]: value }));
    setDirty(true);
    if (status !== 'saving') setStatus('idle');
    if (problem) setProblem(null);
    cancelTimer();
    timer.current = setTimeout(() => {
      const read = readSetRow(latest.current.texts, latest.current.stored, latest.current.unit);
      if ('values' in read) void commit();
    }, SAVE_DELAY_MS);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    }
  }

  const ghostWeight =
    previous && previous.weight > 0 ? String(toDisplayWeight(previous.weight, unit)) : '';
  const ghostReps = previous ? String(previous.reps) : '';

  /** A tap on an empty input with a ghost copies the ghost in (the keyboard types its own). */
  function copyGhost(field: 'weight' | 'reps') {
    const ghost = field === 'weight' ? ghostWeight : ghostReps;
    if (ghost && texts[field].trim() === '') change(field, ghost);
  }

  const errorId = `${id}-error`;
  const statusText = {
    idle: '',
    saving: messages.inlineSets.saving,
    saved: messages.inlineSets.saved,
    queued: messages.inlineSets.queued,
    failed: '',
  }[status];

  function field(kind: 'weight' | 'reps') {
    const isWeight = kind === 'weight';
    const ghost = isWeight ? ghostWeight : ghostReps;
    const label = isWeight ? messages.inlineSets.weightLabel(n) : messages.inlineSets.repsLabel(n);
    const invalid = problem !== null && status !== 'failed' && problem.field === kind;
    return (
      <span className={styles.field}>
        <input
          id={`${id}-${kind}`}
          className={styles.input}
          type="text"
          inputMode={isWeight ? 'decimal' : 'numeric'}
          enterKeyHint="done"
          autoComplete="off"
          aria-label={label}
          placeholder={ghost || (isWeight ? '0' : '')}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          data-ghost={ghost || undefined}
          value={texts[kind]}
          onChange={(event) => change(kind, event.target.value)}
          onClick={() => copyGhost(kind)}
          onBlur={() => {
            if (dirty) void commit();
          }}
          onKeyDown={onKeyDown}
        />
        <span className={styles.unit} aria-hidden="true">
          {isWeight ? unit : messages.inlineSets.repsUnit}
        </span>
      </span>
    );
  }

  return (
    <>
      {field('weight')}
      {field('reps')}
      <span className={styles.saveState} role="status" data-status={status}>
        {statusText}
      </span>
      {problem ? (
        <p className={styles.rowError} id={errorId} role="alert">
          {problem.error}
          {status === 'failed' ? (
            <button type="button" className={styles.retry} onClick={() => void commit()}>
              {messages.inlineSets.retry}
            </button>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
