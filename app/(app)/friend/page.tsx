import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { FriendsPage } from '@/components/friend/friends-page';
import { friendFallback } from '@/lib/bff/screens/friend';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.friend };

export default async function Page() {
  return (
    <SWRConfig value={{ fallback: await friendFallback() }}>
      <FriendsPage />
    </SWRConfig>
  );
}
