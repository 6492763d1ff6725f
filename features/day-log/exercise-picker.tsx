'use client';

import { useId, useMemo, useState } from 'react';

import { describeError } from '@/components/ui/errors';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { SkeletonList } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import {
  type CatalogueEntry,
  catalogueRead,
  recentExercisesRead,
} from '@/features/training/reads/catalogue';
import { exercisesRead } from '@/features/training/reads/exercises';
import { loadApi } from '@/lib/api/load';
import type { TodaySelectionItem } from '@/lib/api/today';
import type { Exercise } from '@/lib/contract/exercise';
import { CLASSIFICATIONS } from '@/lib/contract/values';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';

import styles from './add-dialog.module.css';
import { ChoiceText, SelectionOrder } from './choice-parts';
import { matchesPart, matchesQuery, type PartFilter, searchText } from './exercise-search';
import { isSelected } from './selection';

const text = messages.catalogue;
const PARTS: readonly PartFilter[] = ['ALL', ...CLASSIFICATIONS];

/** One checkbox row: a member's exercise (`id`), or a catalogue exercise not yet in the library. */
export interface PickerChoice {
  rowKey: string;
  /** The member's exercise id; null for a catalogue exercise the member does not have yet. */
  id: number | null;
  name: string;
  meta: string;
  /** Checking it when `id` is null: adds it to the library first. */
  catalogueKey?: string;
  busy?: boolean;
}

export function ChoiceRows({
  choices,
  selection,
  onCheck,
}: {
  choices: readonly PickerChoice[];
  selection: readonly TodaySelectionItem[];
  onCheck: (choice: PickerChoice, checked: boolean) => void;
}) {
  return (
    <ul className={styles.choices}>
      {choices.map((choice) => {
        const order =
          choice.id === null
            ? undefined
            : selection.find((item) => item.id === choice.id && item.type === 'exercise');
        return (
          <li key={choice.rowKey}>
            <label className={styles.choice} data-busy={choice.busy || undefined}>
              <input
                type="checkbox"
                className={styles.checkbox}
                checked={choice.id !== null && isSelected(selection, choice.id, 'exercise')}
                disabled={choice.busy}
                aria-busy={choice.busy || undefined}
                onChange={(event) => onCheck(choice, event.target.checked)}
              />
              <ChoiceText name={choice.name} meta={choice.meta} />
              {order ? <SelectionOrder sequence={order.sequence} /> : null}
            </label>
          </li>
        );
      })}
    </ul>
  );
}

function exerciseMeta(exercise: Exercise): string {
  return `${messages.classification[exercise.classification]} · ${messages.sets.count(
    exercise.repWeightList.length,
  )}`;
}

function catalogueMeta(entry: CatalogueEntry): string {
  return text.entryMeta(
    messages.classification[entry.classification],
    text.equipment[entry.equipment],
  );
}

function catalogueNames(entry: CatalogueEntry): string[] {
  return [entry.name, entry.english, ...entry.aliases];
}

/**
 * The `운동` tab of the add sheet (issue 29): a search box (Korean, English, 초성), body-part
 * chips, the member's recently logged exercises, the rest of their library, and the built-in
 * catalogue (shown while searching or filtering, for an empty library, or on request). Checking
 * a catalogue exercise adds it to the member's library first (once; the backend answers the
 * existing one after that) and then selects it like any other.
 */
export function ExercisePicker({
  selection,
  onToggle,
}: {
  selection: readonly TodaySelectionItem[];
  onToggle: (id: number, checked: boolean) => void;
}) {
  const baseId = useId();
  const toast = useToast();
  const [query, setQuery] = useState('');
  const [part, setPart] = useState<PartFilter>('ALL');
  const [catalogueOpen, setCatalogueOpen] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  // Catalogue exercises added in this sheet stay in the catalogue list (focus stays on them).
  const [added, setAdded] = useState<ReadonlyMap<string, number>>(new Map());
  const { data: exercises, error, mutate } = useRead(exercisesRead, []);
  const { data: recent } = useRead(recentExercisesRead, []);
  const {
    data: catalogue,
    error: catalogueError,
    mutate: reloadCatalogue,
  } = useRead(catalogueRead, []);

  const catalogueByKey = useMemo(
    () => new Map((catalogue ?? []).map((entry) => [entry.key, entry])),
    [catalogue],
  );
  const searching = query.trim() !== '' || part !== 'ALL';
  const libraryEmpty = exercises !== undefined && exercises.length === 0;
  const showCatalogue = searching || catalogueOpen || libraryEmpty;

  const passes = (names: readonly string[], classification: Exercise['classification']) =>
    matchesPart(classification, part) && matchesQuery(names, query);

  const sections = useMemo(() => {
    const library = exercises ?? [];
    const namesOf = (exercise: Exercise) => {
      const entry = exercise.catalogueKey ? catalogueByKey.get(exercise.catalogueKey) : undefined;
      return entry ? [exercise.name, ...catalogueNames(entry)] : [exercise.name];
    };
    const addedIds = new Set(added.values());
    const recentIds = (recent ?? []).map((item) => item.id);
    const byId = new Map(library.map((exercise) => [exercise.id, exercise]));
    const recentList = recentIds
      .map((id) => byId.get(id))
      .filter(
        (exercise): exercise is Exercise => exercise !== undefined && !addedIds.has(exercise.id),
      );
    const recentSet = new Set(recentList.map((exercise) => exercise.id));
    const toChoice = (exercise: Exercise): PickerChoice => ({
      rowKey: `exercise-${exercise.id}`,
      id: exercise.id,
      name: exercise.name,
      meta: exerciseMeta(exercise),
    });
    const recentChoices = recentList
      .filter((exercise) => passes(namesOf(exercise), exercise.classification))
      .map(toChoice);
    const mineChoices = library
      .filter((exercise) => !recentSet.has(exercise.id) && !addedIds.has(exercise.id))
      .filter((exercise) => passes(namesOf(exercise), exercise.classification))
      .map(toChoice);
    // The member already has a catalogue exercise linked to it or under its Korean name.
    const linked = new Set(library.map((exercise) => exercise.catalogueKey).filter(Boolean));
    const ownNames = new Set(library.map((exercise) => searchText(exercise.name)));
    const catalogueChoices = (catalogue ?? [])
      .filter(
        (entry) =>
          added.has(entry.key) || (!linked.has(entry.key) && !ownNames.has(searchText(entry.name))),
      )
      .filter((entry) => passes(catalogueNames(entry), entry.classification))
      .map((entry): PickerChoice => ({
        rowKey: `catalogue-${entry.key}`,
        id: added.get(entry.key) ?? null,
        name: entry.name,
        meta: catalogueMeta(entry),
        catalogueKey: entry.key,
        busy: pending === entry.key,
      }));
    return { recentChoices, mineChoices, catalogueChoices };
    // `passes` reads query and part, listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [exercises, recent, catalogue, catalogueByKey, added, pending, query, part]);

  async function addFromCatalogue(choice: PickerChoice) {
    const key = choice.catalogueKey;
    if (!key || pending) return;
    setPending(key);
    try {
      const { exercise } = await (await loadApi()).addCatalogueExercise(key);
      // Marked first, so that the row stays where it is (and keeps focus) once the library has it.
      setAdded((current) => new Map(current).set(key, exercise.id));
      await mutate(
        (list) =>
          list && !list.some((item) => item.id === exercise.id) ? [...list, exercise] : list,
        { revalidate: false },
      );
      onToggle(exercise.id, true);
      toast.success(text.added(exercise.name));
    } catch (failure) {
      toast.error(describeError(failure, text.addFailed));
    } finally {
      setPending(null);
    }
  }

  function onCheck(choice: PickerChoice, checked: boolean) {
    if (choice.id !== null) onToggle(choice.id, checked);
    else if (checked) void addFromCatalogue(choice);
  }

  if (!exercises) {
    if (error) {
      return (
        <InlineLoadError
          message={messages.dayLog.exercisesLoadFailed}
          error={error}
          onRetry={() => void mutate()}
        />
      );
    }
    return <SkeletonList rows={3} label={messages.exercise.loading} />;
  }

  const { recentChoices, mineChoices, catalogueChoices } = sections;
  const shown =
    recentChoices.length + mineChoices.length + (showCatalogue ? catalogueChoices.length : 0);
  const headingId = (name: string) => `${baseId}-${name}`;

  return (
    <div className={styles.picker}>
      <div className={styles.searchRow}>
        <input
          type="search"
          className={styles.search}
          aria-label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          value={query}
          enterKeyHint="search"
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div className={styles.chips} role="group" aria-label={text.partsLabel}>
        {PARTS.map((item) => (
          <button
            key={item}
            type="button"
            className={styles.chip}
            aria-pressed={part === item}
            onClick={() => setPart(item)}
          >
            {item === 'ALL' ? text.all : messages.classification[item]}
          </button>
        ))}
      </div>
      <p className="visuallyHidden" aria-live="polite">
        {searching ? text.resultCount(shown) : ''}
      </p>
      {libraryEmpty ? <p className={styles.hint}>{text.emptyLibrary}</p> : null}
      {recentChoices.length > 0 ? (
        <section className={styles.section} aria-labelledby={headingId('recent')}>
          <h3 className={styles.sectionHeading} id={headingId('recent')}>
            {text.recent}
          </h3>
          <ChoiceRows choices={recentChoices} selection={selection} onCheck={onCheck} />
        </section>
      ) : null}
      {mineChoices.length > 0 ? (
        <section className={styles.section} aria-labelledby={headingId('mine')}>
          <h3 className={styles.sectionHeading} id={headingId('mine')}>
            {text.mine}
          </h3>
          <ChoiceRows choices={mineChoices} selection={selection} onCheck={onCheck} />
        </section>
      ) : null}
      {showCatalogue ? (
        <section className={styles.section} aria-labelledby={headingId('catalogue')}>
          <div className={styles.sectionHeader}>
            <h3 className={styles.sectionHeading} id={headingId('catalogue')}>
              {text.heading}
            </h3>
            {catalogueOpen && !searching && !libraryEmpty ? (
              <button
                type="button"
                className={styles.linkButton}
                aria-expanded="true"
                onClick={() => setCatalogueOpen(false)}
              >
                {text.hide}
              </button>
            ) : null}
          </div>
          {catalogue ? (
            <ChoiceRows choices={catalogueChoices} selection={selection} onCheck={onCheck} />
          ) : catalogueError ? (
            <InlineLoadError
              message={text.loadFailed}
              error={catalogueError}
              onRetry={() => void reloadCatalogue()}
            />
          ) : (
            <SkeletonList rows={3} label={text.loading} />
          )}
        </section>
      ) : catalogue && catalogueChoices.length > 0 ? (
        <button
          type="button"
          className={styles.moreButton}
          aria-expanded="false"
          onClick={() => setCatalogueOpen(true)}
        >
          {text.show(catalogueChoices.length)}
        </button>
      ) : null}
      {searching && shown === 0 && (catalogue || catalogueError) ? (
        <p className={styles.hint}>{text.noResults}</p>
      ) : null}
    </div>
  );
}
