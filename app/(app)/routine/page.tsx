import type { Metadata } from 'next';
import { RoutinePage } from '@/components/routine/routine-page';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.routine };

export default function Page() {
  return <RoutinePage />;
}
