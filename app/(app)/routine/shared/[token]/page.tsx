import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { trainingSettingsRead } from '@/features/training/reads/training';
import { SharedRoutinePage } from '@/features/training/shared-routine/shared-routine-page';
import {
  readSharedRoutine,
  sharedRoutineMetadata,
} from '@/features/training/shared-routine/shared-routine-screen';
import { serverReadOrNull } from '@/lib/bff/server-read';

interface Props {
  params: Promise<{ token: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { token } = await params;
  const routine = await readSharedRoutine(token);
  return sharedRoutineMetadata(
    token,
    routine && { routineName: routine.routineName, exerciseCount: routine.exercises.length },
  );
}

/** /routine/shared/{token}: a shared routine, read-only, with `내 루틴으로 복사` (issue 27). */
export default async function Page({ params }: Props) {
  const { token } = await params;
  const [routine, settings] = await Promise.all([
    readSharedRoutine(token),
    serverReadOrNull(trainingSettingsRead).catch(() => null),
  ]);
  if (!routine) notFound();
  return <SharedRoutinePage routine={routine} unit={settings?.weightUnit ?? 'kg'} />;
}
