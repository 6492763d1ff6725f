import type { Metadata } from 'next';
import { ExercisePage } from '@/components/exercise/exercise-page';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.exercise };

export default function Page() {
  return <ExercisePage />;
}
