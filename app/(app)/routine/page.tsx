import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { RoutinePage } from '@/components/routine/routine-page';
import { routineFallback } from '@/lib/bff/screens/routine';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.routine };

export default async function Page() {
  return (
    <SWRConfig value={{ fallback: await routineFallback() }}>
      <RoutinePage />
    </SWRConfig>
  );
}
