import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SWRConfig } from 'swr';

import { FRIEND_TABS, TAB_PARAM, tabFromParam } from '@/features/account/profile/tab-param';
import { FriendProfilePage } from '@/features/friends/profile/friend-profile-page';
import { friendProfileScreen } from '@/features/friends/profile/friend-profile-screen';
import { parsePageId } from '@/lib/bff/page-rules';
import { StreamedFallback } from '@/lib/hooks/streamed-fallback';
import { messages } from '@/lib/i18n/messages';

interface Props {
  params: Promise<{ friendId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export const metadata: Metadata = { title: messages.pages.friendProfile };

export default async function Page({ params, searchParams }: Props) {
  const { friendId } = await params;
  // Member ids are positive integers; anything else cannot be a member.
  const id = parsePageId(friendId);
  if (id === null) notFound();
  const [{ fallback, decorations, ...screen }, query] = await Promise.all([
    friendProfileScreen(id),
    searchParams,
  ]);
  return (
    <SWRConfig value={{ fallback }}>
      <StreamedFallback {...decorations}>
        <FriendProfilePage
          key={id}
          {...screen}
          initialTab={tabFromParam(FRIEND_TABS, query[TAB_PARAM])}
        />
      </StreamedFallback>
    </SWRConfig>
  );
}
