'use client';

import { useId, useState } from 'react';
import { useWeightUnit } from '@/lib/hooks/use-day-training';
import { Button } from '@/components/ui/button';
import { SetList } from '@/components/workout/set-list';
import type { Routine } from '@/lib/contract/routine';
import { messages } from '@/lib/i18n/messages';
import styles from './routine-card.module.css';

export interface RoutineCardProps {
  routine: Routine;
  onAddExercises: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * One routine: a toggle (aria-expanded) with its name and exercise count; expanded, its exercises
 * in sequence with numbered sets (`1세트 5회 100kg`, weight hidden when 0) or `운동이 없습니다.`,
 * and the add / edit / delete actions.
 */
export function RoutineCard({ routine, onAddExercises, onEdit, onDelete }: RoutineCardProps) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const unit = useWeightUnit();
  const list = routine.routineExerciseDtoList;

  return (
    <li className={styles.card}>
      <h2 className={styles.heading}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setExpanded((value) => !value)}
        >
          <span className={styles.name}>{routine.routineName}</span>
          <span className={styles.meta}>{messages.routine.exerciseCount(list.length)}</span>
          <svg className={styles.chevron} viewBox="0 0 20 20" aria-hidden="true">
            <path
              d="M6 8l4 4 4-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </h2>
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
        </div>
      ) : null}
    </li>
  );
}
