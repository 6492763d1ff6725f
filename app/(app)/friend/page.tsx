import type { Metadata } from 'next';
import { SWRConfig } from 'swr';

import { TAB_PARAM } from '@/features/account/profile/tab-param';
import { initialFriendPageTab } from '@/features/friends/friend-page-tabs';
import { friendFallback } from '@/features/friends/friend-screen';
import { FriendsPage } from '@/features/friends/friends-page';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.friend };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function Page({ searchParams }: Props) {
  const [{ fallback, counts }, query] = await Promise.all([friendFallback(), searchParams]);
  return (
    <SWRConfig value={{ fallback }}>
      <FriendsPage initialTab={initialFriendPageTab(query[TAB_PARAM], counts)} />
    </SWRConfig>
  );
}
