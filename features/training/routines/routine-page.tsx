'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { describeError } from '@/components/ui/errors';
import { PlusIcon, RoutineIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { addChange } from '@/features/day-log/offline/day-changes';
import { dayOutbox } from '@/features/day-log/offline/day-outbox';
import type { DayLog } from '@/features/day-log/reads';
import { toggleSelection } from '@/features/day-log/selection';
import { type Routine, routinesRead } from '@/features/training/reads/routines';
import { dayKey, ROUTINES_KEY } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';
import { seoulDateKey } from '@/lib/shared/dates';

import { RoutineCard } from './routine-card';
import styles from './routine-page.module.css';

// The dialogs (and the drag-and-drop library the edit dialog uses) load when first opened, not
// with the page, as on the home screen.
const RoutineNameDialog = dynamic(
  () => import('./routine-name-dialog').then((module) => module.RoutineNameDialog),
  { ssr: false },
);
const RoutineAddExercisesDialog = dynamic(
  () => import('./routine-add-exercises-dialog').then((module) => module.RoutineAddExercisesDialog),
  { ssr: false },
);
const RoutineEditDialog = dynamic(
  () => import('./routine-edit-dialog').then((module) => module.RoutineEditDialog),
  { ssr: false },
);

type Modal =
  | { kind: 'create' }
  | { kind: 'addExercises'; routineId: number }
  | { kind: 'edit'; routineId: number }
  | null;

function RoutineSkeleton() {
  return (
    <div className={styles.list} role="status" aria-live="polite">
      <span className="visuallyHidden">{messages.routine.loading}</span>
      {[0, 1, 2].map((row) => (
        <Card key={row} className={styles.skeletonRow}>
          <Skeleton variant="title" />
          <Skeleton short />
        </Card>
      ))}
    </div>
  );
}

/**
 * The routines page (/routine): `루틴 목록`, expandable routines and their modals, and each
 * routine's `오늘 시작`; `focusRoutineId` opens that routine's card (a copy just made).
 */
export function RoutinePage({ focusRoutineId = null }: { focusRoutineId?: number | null } = {}) {
  const { data: routines, error, mutate: reload } = useRead(routinesRead, []);
  const [modal, setModal] = useState<Modal>(null);
  const [starting, setStarting] = useState<number | null>(null);
  const { mutate, cache } = useSWRConfig();
  const toast = useToast();
  const confirm = useConfirm();
  const router = useRouter();

  const close = () => setModal(null);
  const find = (routineId: number): Routine | undefined =>
    routines?.find((routine) => routine.routineId === routineId);

  async function onDelete(routine: Routine) {
    const ok = await confirm({
      title: messages.routine.deleteConfirmTitle,
      message: messages.routine.deleteConfirm(routine.routineName),
      confirmLabel: messages.routine.delete,
      tone: 'danger',
    });
    if (!ok) return;
    try {
      await (await loadApi()).deleteRoutine(routine.routineId);
      await mutate(ROUTINES_KEY);
      toast.success(messages.routine.deleted);
    } catch (failure) {
      toast.error(describeError(failure, messages.routine.deleteFailed));
    }
  }

  /**
   * `오늘 시작`: adds the routine to today's log (Seoul date) exactly as the home's add dialog adds
   * a checked routine: one change in the day-log outbox, which creates the day record first when
   * the backend lists none for the date (POST /api/today?date=) and then appends the routine
   * (POST /api/todayExercise/{date}); offline it waits in the outbox. Then the home, where today
   * is the chosen date.
   */
  async function onStart(routine: Routine) {
    if (starting !== null) return;
    setStarting(routine.routineId);
    try {
      const date = seoulDateKey();
      const selection = toggleSelection([], routine.routineId, 'routine', true);
      // Today's log as the cache knows it (the home read it earlier), else none yet.
      const day = cache.get(dayKey(date))?.data as DayLog | null | undefined;
      const change = addChange(date, day, selection, [], [routine]);
      const result = await dayOutbox().submit(change.op, change.label);
      toast.success(
        result === 'queued'
          ? messages.routine.startQueued(routine.routineName)
          : messages.routine.started(routine.routineName),
      );
      router.push('/');
    } catch (failure) {
      toast.error(describeError(failure, messages.routine.startFailed));
      setStarting(null);
    }
  }

  const addButton = (
    <Button icon={<PlusIcon />} onClick={() => setModal({ kind: 'create' })}>
      {messages.routine.add}
    </Button>
  );

  let content;
  if (routines) {
    content =
      routines.length === 0 ? (
        <Card padding="lg">
          <EmptyState
            icon={<RoutineIcon />}
            title={messages.routine.emptyTitle}
            description={messages.routine.emptyDescription}
            action={addButton}
          />
        </Card>
      ) : (
        <ul className={styles.list}>
          {routines.map((routine) => (
            <RoutineCard
              key={routine.routineId}
              routine={routine}
              onStart={() => void onStart(routine)}
              starting={starting === routine.routineId}
              onAddExercises={() =>
                setModal({ kind: 'addExercises', routineId: routine.routineId })
              }
              onEdit={() => setModal({ kind: 'edit', routineId: routine.routineId })}
              onDelete={() => void onDelete(routine)}
              focused={routine.routineId === focusRoutineId}
            />
          ))}
        </ul>
      );
  } else if (error) {
    content = (
      <LoadError
        message={messages.routine.loadFailed}
        detail={describeError(error, '')}
        onRetry={() => void reload()}
      />
    );
  } else {
    content = <RoutineSkeleton />;
  }

  const target = modal && modal.kind !== 'create' ? find(modal.routineId) : undefined;

  return (
    <>
      <PageHeader
        title={messages.routine.list}
        description={messages.routine.description}
        actions={addButton}
      />
      {content}
      {modal?.kind === 'create' ? <RoutineNameDialog onClose={close} /> : null}
      {modal?.kind === 'addExercises' && target ? (
        <RoutineAddExercisesDialog routine={target} onClose={close} />
      ) : null}
      {modal?.kind === 'edit' && target ? (
        <RoutineEditDialog key={target.routineId} routine={target} onClose={close} />
      ) : null}
    </>
  );
}
