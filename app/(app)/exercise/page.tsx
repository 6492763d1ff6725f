import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { ExercisePage } from '@/components/exercise/exercise-page';
import { exerciseFallback } from '@/lib/bff/screens/exercise';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.exercise };

export default async function Page() {
  return (
    <SWRConfig value={{ fallback: await exerciseFallback() }}>
      <ExercisePage />
    </SWRConfig>
  );
}
