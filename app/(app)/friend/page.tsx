import type { Metadata } from 'next';
import { FriendsPage } from '@/components/friend/friends-page';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.friend };

export default function Page() {
  return <FriendsPage />;
}
