import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { ExerciseHistoryPage } from '@/features/training/history/exercise-history-page';
import { rangeFromParam } from '@/features/training/history/history-range';
import { exerciseHistoryRead, trainingSettingsRead } from '@/features/training/reads/training';
import { parsePageId } from '@/lib/bff/page-rules';
import { serverRead, serverReadOrNull } from '@/lib/bff/server-read';
import { messages } from '@/lib/i18n/messages';

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export const metadata: Metadata = { title: messages.history.pageTitle };

/** /exercise/{id}?range=3m|1y|all: an exercise's history and records, rendered on the server. */
export default async function Page({ params, searchParams }: Props) {
  const { id: segment } = await params;
  // Exercise ids are positive integers; anything else cannot be an exercise.
  const id = parsePageId(segment);
  if (id === null) notFound();
  const range = rangeFromParam((await searchParams).range);
  const [history, settings] = await Promise.all([
    serverRead(exerciseHistoryRead, id, range),
    serverReadOrNull(trainingSettingsRead),
  ]);
  return <ExerciseHistoryPage history={history} unit={settings?.weightUnit ?? 'kg'} />;
}
