import type { Metadata } from 'next';
import { SWRConfig } from 'swr';

import { RoutinePage } from '@/features/training/routines/routine-page';
import { routineFallback } from '@/features/training/routines/routine-screen';
import { parsePageId } from '@/lib/bff/page-rules';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.routine };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** /routine?focus={routineId}: the routines, that one opened (where a copied routine lands). */
export default async function Page({ searchParams }: Props) {
  const { focus } = await searchParams;
  const focusRoutineId = typeof focus === 'string' ? parsePageId(focus) : null;
  return (
    <SWRConfig value={{ fallback: await routineFallback() }}>
      <RoutinePage focusRoutineId={focusRoutineId} />
    </SWRConfig>
  );
}
