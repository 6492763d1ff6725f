'use client';

import type { Route } from 'next';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

import { Button, ButtonLink } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeError } from '@/components/ui/errors';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { SkeletonList } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { addChange } from '@/features/day-log/offline/day-changes';
import { dayOutbox } from '@/features/day-log/offline/day-outbox';
import { exercisesRead } from '@/features/training/reads/exercises';
import { routinesRead } from '@/features/training/reads/routines';
import type { TodaySelectionItem } from '@/lib/api/today';
import { LIMITS } from '@/lib/contract/values';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';

import styles from './add-dialog.module.css';
import { ChoiceText, SelectionOrder } from './choice-parts';
import { ExercisePicker } from './exercise-picker';
import { isSelected, type SelectionType, toggleSelection } from './selection';
import { useDayLog } from './use-day-log';

const TABS: readonly { type: SelectionType; label: string }[] = [
  { type: 'exercise', label: messages.dayLog.tabExercises },
  { type: 'routine', label: messages.dayLog.tabRoutines },
];

interface Choice {
  id: number;
  name: string;
  meta: string;
  disabled?: boolean;
}

function ChoiceList({
  type,
  choices,
  selection,
  onToggle,
}: {
  type: SelectionType;
  choices: readonly Choice[];
  selection: readonly TodaySelectionItem[];
  onToggle: (id: number, type: SelectionType, checked: boolean) => void;
}) {
  return (
    <ul className={styles.choices}>
      {choices.map((choice) => {
        const order = selection.find((item) => item.id === choice.id && item.type === type);
        return (
          <li key={choice.id}>
            <label className={styles.choice} data-disabled={choice.disabled || undefined}>
              <input
                type="checkbox"
                className={styles.checkbox}
                checked={isSelected(selection, choice.id, type)}
                disabled={choice.disabled}
                onChange={(event) => onToggle(choice.id, type, event.target.checked)}
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

function EmptyLibrary({ text, href, action }: { text: string; href: Route; action: string }) {
  return (
    <div className={styles.emptyLibrary}>
      <p className={styles.hint}>{text}</p>
      <ButtonLink href={href} variant="secondary" size="sm">
        {action}
      </ButtonLink>
    </div>
  );
}

/** One tab's content: the list once loaded, its empty state, a load error, or a skeleton. */
function libraryPanel<T>(panel: {
  items: readonly T[] | undefined;
  error: unknown;
  onRetry: () => void;
  loadFailed: string;
  loading: string;
  empty: ReactNode;
  render: (items: readonly T[]) => ReactNode;
}): ReactNode {
  if (panel.items) return panel.items.length === 0 ? panel.empty : panel.render(panel.items);
  if (panel.error) {
    return (
      <InlineLoadError message={panel.loadFailed} error={panel.error} onRetry={panel.onRetry} />
    );
  }
  return <SkeletonList rows={3} label={panel.loading} />;
}

/**
 * The add dialog (`추가`): tabs `운동` / `루틴` list the member's exercises (with search, body-part
 * chips, the recent list and the built-in catalogue: ExercisePicker) and routines with
 * checkboxes. The selection keeps the order things were checked in (sequence 1..n). `저장` queues
 * the addition in the day-log outbox (which creates the day record first when the date has none,
 * and works offline), shows it at once and closes; `뒤로` closes.
 */
export function AddDialog({ date, onClose }: { date: string; onClose: () => void }) {
  const baseId = useId();
  const [tab, setTab] = useState<SelectionType>('exercise');
  const [selection, setSelection] = useState<TodaySelectionItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const tabRefs = useRef<Record<SelectionType, HTMLButtonElement | null>>({
    exercise: null,
    routine: null,
  });
  const { data: exercises } = useRead(exercisesRead, []);
  const {
    data: routines,
    error: routinesError,
    mutate: reloadRoutines,
  } = useRead(routinesRead, []);
  // The same SWR entries the day log reads: which record (if any) the exercises go to.
  const { today: day } = useDayLog(date);
  const toast = useToast();

  const tabId = (type: SelectionType) => `${baseId}-tab-${type}`;
  const panelId = (type: SelectionType) => `${baseId}-panel-${type}`;

  const onToggle = (id: number, type: SelectionType, checked: boolean) => {
    setFormError(null);
    setSelection((current) => toggleSelection(current, id, type, checked));
  };

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((item) => item.type === tab);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    else return;
    event.preventDefault();
    const type = TABS[next].type;
    setTab(type);
    tabRefs.current[type]?.focus();
  }

  async function onSave() {
    if (busy || selection.length === 0) return;
    if (selection.length > LIMITS.selection) {
      setFormError(messages.exercise.selectionTooMany(LIMITS.selection));
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      const change = addChange(date, day, selection, exercises ?? [], routines ?? []);
      await dayOutbox().submit(change.op, change.label);
      setSelection([]);
      toast.success(messages.dayLog.added);
      onClose();
    } catch (failure) {
      setFormError(describeError(failure, messages.dayLog.addFailed));
      setBusy(false);
    }
  }

  const exercisePanel = (
    <ExercisePicker
      selection={selection}
      onToggle={(id, checked) => onToggle(id, 'exercise', checked)}
    />
  );

  const routinePanel = libraryPanel({
    items: routines,
    error: routinesError,
    onRetry: () => void reloadRoutines(),
    loadFailed: messages.dayLog.routinesLoadFailed,
    loading: messages.routine.loading,
    empty: (
      <EmptyLibrary
        text={messages.dayLog.noRoutines}
        href="/routine"
        action={messages.dayLog.goToRoutines}
      />
    ),
    render: (list) => (
      <ChoiceList
        type="routine"
        selection={selection}
        onToggle={onToggle}
        choices={list.map((routine) => ({
          id: routine.routineId,
          name: routine.routineName,
          meta:
            routine.exercises.length > 0
              ? `${messages.routine.exerciseCount(routine.exercises.length)} · ${routine.exercises
                  .map((item) => item.exerciseName)
                  .join(', ')}`
              : messages.routine.empty,
          disabled: routine.exercises.length === 0,
        }))}
      />
    ),
  });

  const panels: Record<SelectionType, ReactNode> = {
    exercise: exercisePanel,
    routine: routinePanel,
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={messages.dayLog.add}
      description={messages.dayLog.addDescription(date)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {messages.dayLog.back}
          </Button>
          <Button onClick={() => void onSave()} disabled={busy || selection.length === 0}>
            {busy ? messages.dayLog.saving : messages.dayLog.save}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <div
          className={styles.tabs}
          role="tablist"
          aria-label={messages.dayLog.addTabsLabel}
          onKeyDown={onTabKeyDown}
        >
          {TABS.map((item) => (
            <button
              key={item.type}
              ref={(element) => {
                tabRefs.current[item.type] = element;
              }}
              type="button"
              role="tab"
              id={tabId(item.type)}
              aria-controls={panelId(item.type)}
              aria-selected={tab === item.type}
              tabIndex={tab === item.type ? 0 : -1}
              className={styles.tab}
              onClick={() => setTab(item.type)}
            >
              {item.label}
            </button>
          ))}
        </div>
        {TABS.map((item) => (
          <div
            key={item.type}
            role="tabpanel"
            id={panelId(item.type)}
            aria-labelledby={tabId(item.type)}
            hidden={tab !== item.type}
            className={styles.panel}
          >
            {panels[item.type]}
          </div>
        ))}
        <p className={styles.selected} aria-live="polite">
          {selection.length > 0 ? messages.dayLog.selectedCount(selection.length) : ''}
        </p>
        {formError ? (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
