import type { Metadata } from 'next';
import { SWRConfig } from 'swr';

import { RoutinePage } from '@/features/training/routines/routine-page';
import { routineFallback } from '@/features/training/routines/routine-screen';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.routine };

export default async function Page() {
  return (
    <SWRConfig value={{ fallback: await routineFallback() }}>
      <RoutinePage />
    </SWRConfig>
  );
}
