import type { Metadata } from 'next';

import { ClubCreatePage } from '@/features/clubs/club-create-page';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.clubCreate };

export default function Page() {
  return <ClubCreatePage />;
}
