import type { Metadata } from 'next';
import { SWRConfig } from 'swr';

import { ExercisePage } from '@/features/training/exercises/exercise-page';
import { exerciseFallback } from '@/features/training/exercises/exercise-screen';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.exercise };

export default async function Page() {
  return (
    <SWRConfig value={{ fallback: await exerciseFallback() }}>
      <ExercisePage />
    </SWRConfig>
  );
}
