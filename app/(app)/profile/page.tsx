import type { Metadata } from 'next';
import { ProfilePage } from '@/components/profile/profile-page';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.profile };

export default function Page() {
  return <ProfilePage />;
}
