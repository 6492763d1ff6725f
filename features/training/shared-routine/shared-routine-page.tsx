import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import type { SharedRoutine } from '@/features/training/reads/routines';
import { SetList } from '@/features/training/sets/set-list';
import { messages } from '@/lib/i18n/messages';
import type { WeightUnit } from '@/lib/shared/training/units';

import { CopyRoutineButton } from './copy-routine-button';
import styles from './shared-routine.module.css';

/** The number of sets of a shared routine. */
export function setCount(routine: Pick<SharedRoutine, 'exercises'>): number {
  return routine.exercises.reduce((sum, exercise) => sum + exercise.repWeightList.length, 0);
}

/**
 * `/routine/shared/{token}` for a signed-in member (issue 27): the routine read-only (its owner,
 * exercises in sequence with their body part and sets, kinds and RPE), rendered on the server, and
 * `내 루틴으로 복사`, the one client leaf.
 */
export function SharedRoutinePage({
  routine,
  unit = 'kg',
}: {
  routine: SharedRoutine;
  unit?: WeightUnit;
}) {
  const summary = messages.sharedRoutine.summary(routine.exercises.length, setCount(routine));
  return (
    <>
      <PageHeader
        title={routine.routineName}
        description={
          <>
            <span className={styles.owner}>
              {routine.mine
                ? messages.sharedRoutine.yours
                : messages.sharedRoutine.byOwner(routine.ownerName)}
            </span>
            <span className={styles.summary} aria-hidden="true">
              {' · '}
            </span>
            <span className={styles.summary}>{summary}</span>
          </>
        }
        actions={<CopyRoutineButton token={routine.token} />}
      />
      <Card padding="md">
        {routine.exercises.length === 0 ? (
          <p className={styles.empty}>{messages.sharedRoutine.empty}</p>
        ) : (
          <ol className={styles.exercises}>
            {routine.exercises.map((exercise, index) => (
              <li key={index} className={styles.exercise}>
                <h2 className={styles.exerciseName}>
                  <span className={styles.order} aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className={styles.nameText}>{exercise.exerciseName}</span>
                  {exercise.classification ? (
                    <span className={styles.bodyPart}>
                      {messages.classification[exercise.classification]}
                    </span>
                  ) : null}
                </h2>
                <SetList sets={exercise.repWeightList} unit={unit} />
              </li>
            ))}
          </ol>
        )}
      </Card>
    </>
  );
}
