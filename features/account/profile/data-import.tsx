'use client';

import { type ChangeEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';

import { Button, buttonClassName } from '@/components/ui/button';
import { describeError } from '@/components/ui/errors';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { DEFAULT_CLASSIFICATION_OPTIONS, exercisesRead } from '@/features/training/reads/exercises';
import { ClassificationSelect } from '@/features/training/sets/classification-select';
import { newIdempotencyKey } from '@/lib/api/idempotency-key';
import { isImportAffectedKey } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import type {
  ImportExercise,
  ImportLink,
  ImportPreview,
  ImportResult,
} from '@/lib/contract/data-import';
import type { Exercise } from '@/lib/contract/exercise';
import type { Classification } from '@/lib/contract/exercise';
import { IMPORT_LIMITS, IMPORT_SKIP_REASONS } from '@/lib/contract/values';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';
import { WEIGHT_UNITS, type WeightUnit } from '@/lib/shared/training/units';

import styles from './data-import.module.css';

const text = messages.dataImport;
const matchText = messages.importMatch;

/** What a row of the preview goes to: its link as chosen, else the preview's suggestion. */
function effectiveLink(exercise: ImportExercise, chosen: ImportLink | undefined): ImportLink {
  if (chosen) return chosen;
  if (exercise.match) return { exerciseId: exercise.match.id };
  if (exercise.createsFromCatalogue) return { catalogueKey: exercise.createsFromCatalogue };
  return { new: true };
}

function linkValue(link: ImportLink): string {
  if ('exerciseId' in link) return `exercise:${link.exerciseId}`;
  if ('catalogueKey' in link) return `catalogue:${link.catalogueKey}`;
  return 'new';
}

function parseLinkValue(value: string): ImportLink {
  if (value.startsWith('exercise:')) return { exerciseId: Number(value.slice(9)) };
  if (value.startsWith('catalogue:')) return { catalogueKey: value.slice(10) };
  return { new: true };
}
/** The exercise list starts folded when longer than this. */
const OPEN_EXERCISES = 8;
const BODY_PART_OPTIONS = DEFAULT_CLASSIFICATION_OPTIONS;

type Step =
  | { kind: 'idle'; error?: string }
  | { kind: 'reading'; file: File }
  | { kind: 'unreadable'; file: File; error: unknown }
  | {
      kind: 'preview';
      file: File;
      preview: ImportPreview;
      /** Importing, or reading the file again in another unit (the preview stays in view). */
      busy: 'importing' | 'reading' | null;
      error?: string;
    }
  | { kind: 'done'; result: ImportResult };

/**
 * `기록 가져오기` in the profile's 내 데이터 panel: the member picks a Strong, Hevy or EveryHealth
 * CSV, sees what it holds (format, dates, sessions and sets, each exercise matched to the library
 * or created with a body part they can change, rows skipped and why), picks the unit of a Strong
 * file, and confirms. The import is one request with an idempotency key (a retry after a lost
 * answer does not import twice); afterwards every cached month, day and exercise read is
 * revalidated, so the calendar shows the new days without a reload.
 */
export function DataImport() {
  const headingId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const previewHeadingRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [unit, setUnit] = useState<WeightUnit | undefined>(undefined);
  const [bodyParts, setBodyParts] = useState<Record<string, Classification>>({});
  const [links, setLinks] = useState<Record<string, ImportLink>>({});
  // One key per confirmed choice: the same file and choices retried keep it, a change makes a new one.
  const importKey = useRef<string | null>(null);
  const latestRead = useRef(0);
  const { mutate } = useSWRConfig();

  // Focus goes to the preview of a newly picked file, not to one read again in another unit.
  const focusPreview = useRef(false);
  const previewReady = step.kind === 'preview' ? step.preview : null;
  useEffect(() => {
    if (previewReady && focusPreview.current) {
      focusPreview.current = false;
      previewHeadingRef.current?.focus();
    }
  }, [previewReady]);
  const done = step.kind === 'done';
  useEffect(() => {
    if (done) resultRef.current?.focus();
  }, [done]);

  async function read(file: File, chosenUnit: WeightUnit | undefined) {
    const id = ++latestRead.current;
    importKey.current = null;
    setStep((current) =>
      current.kind === 'preview' && current.file === file
        ? { ...current, busy: 'reading', error: undefined }
        : { kind: 'reading', file },
    );
    try {
      const preview = await (await loadApi()).previewImport(file, { unit: chosenUnit });
      if (id !== latestRead.current) return;
      setStep({ kind: 'preview', file, preview, busy: null });
    } catch (error) {
      if (id !== latestRead.current) return;
      setStep({ kind: 'unreadable', file, error });
    }
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setUnit(undefined);
    setBodyParts({});
    setLinks({});
    if (file.size > IMPORT_LIMITS.fileBytes) {
      latestRead.current++;
      setStep({ kind: 'idle', error: text.tooLarge });
      return;
    }
    focusPreview.current = true;
    void read(file, undefined);
  }

  function reset() {
    latestRead.current++;
    importKey.current = null;
    setUnit(undefined);
    setBodyParts({});
    setLinks({});
    setStep({ kind: 'idle' });
    if (inputRef.current) inputRef.current.value = '';
  }

  function chooseUnit(file: File, next: WeightUnit) {
    setUnit(next);
    void read(file, next);
  }

  function chooseBodyPart(name: string, part: Classification) {
    importKey.current = null;
    setBodyParts((current) => ({ ...current, [name]: part }));
  }

  function chooseLink(name: string, link: ImportLink) {
    importKey.current = null;
    setLinks((current) => ({ ...current, [name]: link }));
  }

  async function confirm(file: File, preview: ImportPreview) {
    importKey.current ??= newIdempotencyKey();
    const key = importKey.current;
    // Every exercise to create, with the body part shown (the guess unless changed).
    const parts: Record<string, Classification> = {};
    for (const exercise of preview.exercises) {
      const link = effectiveLink(exercise, links[exercise.name]);
      if ('new' in link) parts[exercise.name] = newBodyPart(exercise, bodyParts[exercise.name]);
    }
    setStep({ kind: 'preview', file, preview, busy: 'importing' });
    try {
      const result = await (
        await loadApi()
      ).runImport(
        file,
        {
          unit: preview.unitChoosable ? preview.unit : undefined,
          bodyParts: parts,
          links,
        },
        key,
      );
      importKey.current = null;
      if (inputRef.current) inputRef.current.value = '';
      setStep({ kind: 'done', result });
      await mutate(isImportAffectedKey);
    } catch (error) {
      setStep({
        kind: 'preview',
        file,
        preview,
        busy: null,
        error: describeError(error, text.importFailed),
      });
    }
  }

  const busy = step.kind === 'reading' || (step.kind === 'preview' && step.busy !== null);

  return (
    <section className={styles.importSection} aria-labelledby={headingId}>
      <h3 className={styles.heading} id={headingId}>
        {text.heading}
      </h3>
      <p className={styles.description}>{text.description}</p>
      {step.kind !== 'done' ? (
        <div className={styles.fileRow}>
          <label className={buttonClassName({ variant: 'secondary' }, styles.fileButton)}>
            <input
              ref={inputRef}
              className="visuallyHidden"
              type="file"
              accept=".csv,text/csv"
              aria-describedby={hintId}
              disabled={busy}
              onChange={onFile}
            />
            <span>{step.kind === 'idle' ? text.chooseFile : text.chooseAnother}</span>
          </label>
          <span className={styles.hint} id={hintId}>
            {text.fileHint}
          </span>
        </div>
      ) : null}

      {step.kind === 'idle' && step.error ? (
        <p className={styles.error} role="alert">
          {step.error}
        </p>
      ) : null}

      {step.kind === 'reading' ? (
        <p className={styles.status} role="status">
          {text.reading(step.file.name)}
        </p>
      ) : null}

      {step.kind === 'unreadable' ? (
        <InlineLoadError
          message={text.readFailed}
          error={step.error}
          onRetry={() => void read(step.file, unit)}
        />
      ) : null}

      {step.kind === 'preview' ? (
        <PreviewView
          file={step.file}
          preview={step.preview}
          headingRef={previewHeadingRef}
          bodyParts={bodyParts}
          links={links}
          busy={step.busy}
          chosenUnit={unit}
          error={step.error}
          onUnit={(next) => chooseUnit(step.file, next)}
          onBodyPart={chooseBodyPart}
          onLink={chooseLink}
          onConfirm={() => void confirm(step.file, step.preview)}
          onCancel={reset}
        />
      ) : null}

      {step.kind === 'done' ? (
        <div className={styles.result} ref={resultRef} tabIndex={-1} role="status">
          <p className={styles.resultTitle}>{text.done}</p>
          <p>{text.doneSummary(step.result)}</p>
          <Button variant="secondary" size="sm" onClick={reset}>
            {text.importAnother}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

interface PreviewViewProps {
  file: File;
  preview: ImportPreview;
  headingRef: RefObject<HTMLHeadingElement | null>;
  bodyParts: Record<string, Classification>;
  links: Record<string, ImportLink>;
  busy: 'importing' | 'reading' | null;
  /** The unit the member picked (shown at once, before the file is read again in it). */
  chosenUnit: WeightUnit | undefined;
  error?: string;
  onUnit: (unit: WeightUnit) => void;
  onBodyPart: (name: string, part: Classification) => void;
  onLink: (name: string, link: ImportLink) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

function PreviewView({
  file,
  preview,
  headingRef,
  bodyParts,
  links,
  busy,
  chosenUnit,
  error,
  onUnit,
  onBodyPart,
  onLink,
  onConfirm,
  onCancel,
}: PreviewViewProps) {
  const unitName = useId();
  const { data: library } = useRead(exercisesRead, []);
  const created = preview.exercises.filter(
    (exercise) => !('exerciseId' in effectiveLink(exercise, links[exercise.name])),
  ).length;
  return (
    <div className={styles.preview}>
      <h4 className={styles.previewHeading} ref={headingRef} tabIndex={-1}>
        {text.previewHeading(file.name)}
      </h4>
      <dl className={styles.facts}>
        <div>
          <dt>{text.format}</dt>
          <dd>{text.formats[preview.format]}</dd>
        </div>
        {preview.firstDate && preview.lastDate ? (
          <div>
            <dt>{text.period}</dt>
            <dd>{text.periodValue(preview.firstDate, preview.lastDate)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{text.days}</dt>
          <dd>{text.dayCount(preview.days)}</dd>
        </div>
        <div>
          <dt>{text.sessions}</dt>
          <dd>{text.count(preview.sessions)}</dd>
        </div>
        <div>
          <dt>{text.sets}</dt>
          <dd>{text.count(preview.sets)}</dd>
        </div>
      </dl>
      {preview.existingDays > 0 ? (
        <p className={styles.note}>{text.existingDays(preview.existingDays)}</p>
      ) : null}

      {preview.unitChoosable ? (
        <fieldset className={styles.units} disabled={busy === 'importing'}>
          <legend className={styles.legend}>{text.unitLegend}</legend>
          {WEIGHT_UNITS.map((unit) => (
            <label key={unit} className={styles.unit}>
              <input
                type="radio"
                name={unitName}
                value={unit}
                checked={(chosenUnit ?? preview.unit) === unit}
                onChange={() => onUnit(unit)}
              />
              <span>{unit}</span>
            </label>
          ))}
          <span className={styles.hint}>{text.unitHint}</span>
        </fieldset>
      ) : null}
      {busy === 'reading' ? (
        <p className={styles.status} role="status">
          {text.reading(file.name)}
        </p>
      ) : null}

      {preview.exercises.length > 0 ? (
        <details className={styles.fold} open={preview.exercises.length <= OPEN_EXERCISES}>
          <summary className={styles.summary}>
            {text.exercisesHeading(preview.exercises.length, created)}
          </summary>
          <ul className={styles.exercises}>
            {preview.exercises.map((exercise) => (
              <ExerciseRow
                key={exercise.name}
                exercise={exercise}
                library={library}
                link={effectiveLink(exercise, links[exercise.name])}
                value={bodyParts[exercise.name]}
                disabled={busy === 'importing'}
                onChange={(part) => onBodyPart(exercise.name, part)}
                onLink={(link) => onLink(exercise.name, link)}
              />
            ))}
          </ul>
        </details>
      ) : null}

      {preview.skippedCount > 0 ? <SkippedView preview={preview} /> : null}

      {preview.sets === 0 ? <p className={styles.note}>{text.nothing}</p> : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={onConfirm} disabled={busy !== null || preview.sets === 0}>
          {busy === 'importing' ? text.importing : text.confirm}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy === 'importing'}>
          {text.cancel}
        </Button>
      </div>
    </div>
  );
}

/** The body part a row created as new gets: the member's pick, else the preview's. */
function newBodyPart(exercise: ImportExercise, chosen: Classification | undefined): Classification {
  return chosen ?? exercise.classification ?? exercise.newClassification ?? 'CHEST';
}

function ExerciseRow({
  exercise,
  library,
  link,
  value,
  disabled,
  onChange,
  onLink,
}: {
  exercise: ImportExercise;
  library: readonly Exercise[] | undefined;
  link: ImportLink;
  value: Classification | undefined;
  disabled: boolean;
  onChange: (part: Classification) => void;
  onLink: (link: ImportLink) => void;
}) {
  const linkId = useId();
  // The member's exercises to choose from (the suggested one even before the library loads).
  const own: Array<{ id: number; name: string }> = library
    ? library.map((item) => ({ id: item.id, name: item.name }))
    : exercise.match
      ? [exercise.match]
      : [];
  const catalogue = exercise.catalogue ?? null;
  const catalogueOwned =
    catalogue !== null && (library ?? []).some((item) => item.catalogueKey === catalogue.key);
  const linkedName =
    'exerciseId' in link
      ? (own.find((item) => item.id === link.exerciseId)?.name ?? exercise.match?.name ?? '')
      : null;
  const status =
    linkedName !== null
      ? text.matched(linkedName)
      : 'catalogueKey' in link && catalogue
        ? matchText.createsFromCatalogue(catalogue.name)
        : text.created;
  const isNew = 'new' in link;
  return (
    <li className={styles.exercise}>
      <div className={styles.exerciseName}>
        <span className={styles.name}>{exercise.name}</span>
        <span className={styles.meta}>
          {text.exerciseMeta(exercise.sets, status)}
          {exercise.matchedBy && 'exerciseId' in link && exercise.match?.id === link.exerciseId
            ? ` · ${matchText.reasons[exercise.matchedBy]}`
            : null}
        </span>
        {isNew && !exercise.guessed && value === undefined ? (
          <span className={styles.check}>{text.checkBodyPart}</span>
        ) : null}
      </div>
      <div className={styles.choices}>
        <label className="visuallyHidden" htmlFor={linkId}>
          {matchText.linkLabel(exercise.name)}
        </label>
        <select
          id={linkId}
          className={styles.linkSelect}
          value={linkValue(link)}
          disabled={disabled}
          onChange={(event) => onLink(parseLinkValue(event.target.value))}
        >
          <option value="new">{matchText.newExercise}</option>
          {catalogue && !catalogueOwned ? (
            <option value={`catalogue:${catalogue.key}`}>
              {matchText.toCatalogue(catalogue.name)}
            </option>
          ) : null}
          {own.length > 0 ? (
            <optgroup label={matchText.mineGroup}>
              {own.map((item) => (
                <option key={item.id} value={`exercise:${item.id}`}>
                  {matchText.toExisting(item.name)}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
        {isNew ? (
          <div className={styles.bodyPart}>
            <ClassificationSelect
              label={text.bodyPart(exercise.name)}
              labelHidden
              value={newBodyPart(exercise, value)}
              options={BODY_PART_OPTIONS}
              disabled={disabled}
              onChange={onChange}
            />
          </div>
        ) : null}
      </div>
    </li>
  );
}

function SkippedView({ preview }: { preview: ImportPreview }) {
  const reasons = IMPORT_SKIP_REASONS.filter((reason) => preview.skippedByReason[reason]);
  return (
    <div className={styles.skipped}>
      <p className={styles.skippedHeading}>{text.skippedHeading(preview.skippedCount)}</p>
      <ul className={styles.reasons}>
        {reasons.map((reason) => (
          <li key={reason}>
            {text.reasonCount(text.reasons[reason], preview.skippedByReason[reason] ?? 0)}
          </li>
        ))}
      </ul>
      <details className={styles.fold}>
        <summary className={styles.summary}>{text.skippedRows}</summary>
        <ul className={styles.rows}>
          {preview.skipped.map((skip) => (
            <li key={skip.row}>
              <span className={styles.rowNumber}>{text.row(skip.row)}</span>
              {skip.exercise ? <span className={styles.name}>{skip.exercise}</span> : null}
              <span className={styles.meta}>
                {text.skipDetail(text.reasons[skip.reason], skip.value)}
              </span>
            </li>
          ))}
        </ul>
        {preview.skippedCount > preview.skipped.length ? (
          <p className={styles.note}>{text.skippedListed(preview.skipped.length)}</p>
        ) : null}
      </details>
    </div>
  );
}
