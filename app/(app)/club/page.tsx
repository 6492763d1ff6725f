import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { ClubListPage } from '@/components/club/club-list-page';
import { clubListFallback } from '@/lib/bff/screens/club';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.club };

export default async function Page() {
  return (
    <SWRConfig value={{ fallback: await clubListFallback() }}>
      <ClubListPage />
    </SWRConfig>
  );
}
