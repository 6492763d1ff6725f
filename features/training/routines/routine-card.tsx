'use client';

import { useEffect, useId, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { ChevronDownIcon } from '@/components/ui/chevron-down-icon';
import type { Routine } from '@/features/training/reads/routines';
import { SetList } from '@/features/training/sets/set-list';
import { useWeightUnit } from '@/features/training/use-weight-unit';
import { messages } from '@/lib/i18n/messages';

import styles from './routine-card.module.css';
import { RoutineShare } from './routine-share';

export interface RoutineCardProps {
  routine: Routine;
  /** `오늘 시작`: adds the routine to today's log (RoutinePage). */
  onStart: () => void;
  /** The start is running: its button is disabled and says so. */
  starting?: boolean;
  onAddExercises: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Opened and scrolled to once mounted (the routine a copy just made, `/routine?focus=`). */
  focused?: boolean;
}

/**
 * One routine: a toggle (aria-expanded) with its name, exercise count and exercises' names (`벤치프레스 ·
 * 스쿼트 · 데드리프트 외 1개`), and `오늘 시작` beside it (issue 29); expanded, its exercises in
 * sequence with numbered sets (`1세트 5회 100kg`, weight hidden when 0) or `운동이 없습니다.`, and
 * the add / edit / delete actions.
 */
export function RoutineCard({
  routine,
  onStart,
  starting = false,
  onAddExercises,
  onEdit,
  onDelete,
  focused = false,
}: RoutineCardProps) {
  const [expanded, setExpanded] = useState(focused);
  const cardRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focused) cardRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [focused]);
  const panelId = useId();
  const hintId = useId();
  const unit = useWeightUnit();
  const list = routine.exercises;

  return (
    <li className={styles.card} ref={cardRef} data-focused={focused || undefined}>
      <div className={styles.header}>
        <h2 className={styles.heading}>
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={() => setExpanded((value) => !value)}
          >
            <span className={styles.summary}>
              <span className={styles.titleRow}>
                <span className={styles.name}>{routine.routineName}</span>
                <span className={styles.meta}>{messages.routine.exerciseCount(list.length)}</span>
              </span>
              {list.length > 0 ? (
                <span className={styles.names}>
                  {messages.routine.exerciseNames(list.map((item) => item.exerciseName))}
                </span>
              ) : null}
            </span>
            <ChevronDownIcon className={styles.chevron} />
          </button>
        </h2>
        <Button
          size="sm"
          className={styles.start}
          onClick={onStart}
          disabled={starting || list.length === 0}
          aria-describedby={hintId}
        >
          {starting ? messages.routine.starting : messages.routine.start}
        </Button>
        <span id={hintId} className="visuallyHidden">
          {messages.routine.startHint(routine.routineName)}
        </span>
      </div>
      {expanded ? (
        <div id={panelId} className={styles.panel}>
          {list.length === 0 ? (
            <p className={styles.empty}>{messages.routine.empty}</p>
          ) : (
            <ol className={styles.exercises}>
              {list.map((item, index) => (
                <li key={item.routineExerciseId} className={styles.exercise}>
                  <h3 className={styles.exerciseName}>
                    <span className={styles.order} aria-hidden="true">
                      {index + 1}
                    </span>
                    {item.exerciseName}
                  </h3>
                  <SetList sets={item.repWeightList} unit={unit} />
                </li>
              ))}
            </ol>
          )}
          <div className={styles.actions}>
            <Button variant="secondary" size="sm" onClick={onAddExercises}>
              {messages.routine.addExercise}
            </Button>
            <Button variant="secondary" size="sm" onClick={onEdit} disabled={list.length === 0}>
              {messages.routine.edit}
            </Button>
            <Button variant="ghost" size="sm" className={styles.delete} onClick={onDelete}>
              {messages.routine.delete}
            </Button>
          </div>
          <RoutineShare routine={routine} />
        </div>
      ) : null}
    </li>
  );
}
