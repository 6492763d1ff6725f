import type { Metadata } from 'next';
import { ClubListPage } from '@/components/club/club-list-page';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.club };

export default function Page() {
  return <ClubListPage />;
}
