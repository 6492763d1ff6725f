'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { describeError } from '@/components/ui/errors';
import { ExerciseIcon, PlusIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ChartIcon } from '@/features/training/history/chart-icon';
import { historyHref } from '@/features/training/history/history-range';
import {
  classificationsRead,
  DEFAULT_CLASSIFICATION_OPTIONS,
  exercisesRead,
} from '@/features/training/reads/exercises';
import { SetList } from '@/features/training/sets/set-list';
import { useWeightUnit } from '@/features/training/use-weight-unit';
import type { Classification, Exercise } from '@/lib/contract/exercise';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';

import { groupByClassification } from './exercise-groups';
import styles from './exercise-page.module.css';

// The add/edit dialog loads when first opened, not with the page.
const ExerciseFormDialog = dynamic(
  () => import('./exercise-form-dialog').then((module) => module.ExerciseFormDialog),
  { ssr: false },
);

type Editing = { mode: 'add' } | { mode: 'edit'; exercise: Exercise } | null;

function ExerciseSkeleton() {
  return (
    <div className={styles.groups} role="status" aria-live="polite">
      <span className="visuallyHidden">{messages.exercise.loading}</span>
      {[0, 1].map((group) => (
        <div key={group} className={styles.group}>
          <Skeleton variant="title" className={styles.skeletonHeading} />
          <div className={styles.grid}>
            {[0, 1].map((row) => (
              <Card key={row} className={styles.skeletonCard}>
                <Skeleton variant="title" />
                <Skeleton short />
                <Skeleton />
              </Card>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * One exercise: name, memo and its sets; the card opens the edit modal, and its footer links to
 * the exercise's history (a sibling of the button: a link cannot sit inside a button).
 */
function ExerciseCard({ exercise, onOpen }: { exercise: Exercise; onOpen: () => void }) {
  const unit = useWeightUnit();
  return (
    <li className={styles.item}>
      <button type="button" className={styles.card} onClick={onOpen} aria-haspopup="dialog">
        <span className={styles.cardHead}>
          <span className={styles.name}>{exercise.name}</span>
          <span className={styles.count}>{messages.sets.count(exercise.repWeightList.length)}</span>
        </span>
        {exercise.memo ? <span className={styles.memo}>{exercise.memo}</span> : null}
        <SetList sets={exercise.repWeightList} variant="chips" unit={unit} />
      </button>
      <Link
        href={historyHref(exercise.id)}
        prefetch={false}
        className={styles.historyLink}
        aria-label={messages.history.openLabel(exercise.name)}
      >
        <ChartIcon />
        {messages.history.open}
      </Link>
    </li>
  );
}

/** The exercise library (/exercise): exercises grouped by body part, with add and edit modals. */
export function ExercisePage() {
  const { data: exercises, error, isLoading, mutate } = useRead(exercisesRead, []);
  const options = useRead(classificationsRead, []).data?.options ?? DEFAULT_CLASSIFICATION_OPTIONS;
  const [editing, setEditing] = useState<Editing>(null);

  const labels = Object.fromEntries(
    options.map((option) => [option.value, option.label]),
  ) as Record<Classification, string>;
  const addButton = (
    <Button icon={<PlusIcon />} onClick={() => setEditing({ mode: 'add' })}>
      {messages.exercise.add}
    </Button>
  );

  let content;
  if (exercises) {
    const groups = groupByClassification(exercises, labels);
    content =
      groups.length === 0 ? (
        <Card padding="lg">
          <EmptyState
            icon={<ExerciseIcon />}
            title={messages.exercise.emptyTitle}
            description={messages.exercise.emptyDescription}
            action={addButton}
          />
        </Card>
      ) : (
        <div className={styles.groups}>
          {groups.map((group) => (
            <section
              key={group.classification}
              className={styles.group}
              aria-labelledby={`group-${group.classification}`}
            >
              <h2 className={styles.groupHeading} id={`group-${group.classification}`}>
                {group.label}
                <span className={styles.groupCount}>
                  {messages.exercise.groupCount(group.exercises.length)}
                </span>
              </h2>
              <ul className={styles.grid}>
                {group.exercises.map((exercise) => (
                  <ExerciseCard
                    key={exercise.id}
                    exercise={exercise}
                    onOpen={() => setEditing({ mode: 'edit', exercise })}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
      );
  } else if (error) {
    content = (
      <LoadError
        message={messages.exercise.loadFailed}
        detail={describeError(error, '')}
        onRetry={() => void mutate()}
      />
    );
  } else if (isLoading || !exercises) {
    content = <ExerciseSkeleton />;
  }

  return (
    <>
      <PageHeader
        title={messages.pages.exercise}
        description={messages.exercise.description}
        actions={addButton}
      />
      {content}
      {editing ? (
        <ExerciseFormDialog
          key={editing.mode === 'edit' ? editing.exercise.id : 'new'}
          exercise={editing.mode === 'edit' ? editing.exercise : null}
          options={options}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
