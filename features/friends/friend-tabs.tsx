'use client';

import { useState } from 'react';

import { Card } from '@/components/ui/card';
import { Tabs } from '@/components/ui/tabs';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';

import { FriendList } from './friend-list';
import { type FriendPageTab, friendPageTabHref } from './friend-page-tabs';
import { FriendRequests } from './friend-requests';
import { friendRequestsRead, friendsRead, sentRequestsRead } from './reads';
import { SentRequests } from './sent-requests';

export interface FriendTabsProps {
  /** The tab open first: the page's `?tab=`, else what the server found most useful. */
  initialTab?: FriendPageTab;
}

/**
 * `친구 · 받은 요청 · 보낸 요청`, each with its count: the friends (with `친구 끊기`), the spec's
 * `친구 요청` section (`수락`/`거절`), and the requests the caller sent (`요청됨`, `요청 취소`).
 */
export function FriendTabs({ initialTab = 'received' }: FriendTabsProps) {
  const [tab, setTab] = useState<FriendPageTab>(initialTab);
  const { data: friends } = useRead(friendsRead, []);
  const { data: requests } = useRead(friendRequestsRead, []);
  const { data: sent } = useRead(sentRequestsRead, []);

  let panel;
  if (tab === 'friends') panel = <FriendList />;
  else if (tab === 'sent') panel = <SentRequests />;
  else panel = <FriendRequests />;

  return (
    <Card>
      <Tabs
        label={messages.friends.tabsLabel}
        value={tab}
        onChange={setTab}
        items={[
          {
            key: 'friends',
            label: messages.friends.tabFriends,
            count: friends?.length,
            href: friendPageTabHref('friends'),
          },
          {
            key: 'received',
            label: messages.friends.tabReceived,
            count: requests?.length,
            href: friendPageTabHref('received'),
          },
          {
            key: 'sent',
            label: messages.friends.tabSent,
            count: sent?.length,
            href: friendPageTabHref('sent'),
          },
        ]}
      >
        {panel}
      </Tabs>
    </Card>
  );
}
