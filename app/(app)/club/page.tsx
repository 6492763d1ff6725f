import type { Metadata } from 'next';
import { SWRConfig } from 'swr';

import { ClubListPage } from '@/features/clubs/club-list-page';
import { clubListFallback } from '@/features/clubs/club-screen';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.club };

export default async function Page() {
  return (
    <SWRConfig value={{ fallback: await clubListFallback() }}>
      <ClubListPage />
    </SWRConfig>
  );
}
