import { PageHeader } from '@/components/ui/page-header';
import { messages } from '@/lib/i18n/messages';

import type { FriendPageTab } from './friend-page-tabs';
import { FriendTabs } from './friend-tabs';
import styles from './friends-page.module.css';
import { MemberSearch } from './member-search';
import { SuggestedFriends } from './suggested-friends';

/**
 * The friends page (/friend): a name search, the tabs `친구 · 받은 요청 · 보낸 요청` (the spec's
 * `친구 요청` section with `수락`/`거절` is the second), and suggested friends. A server component:
 * the heading is HTML only; each section is a client leaf with its own actions.
 */
export function FriendsPage({ initialTab }: { initialTab?: FriendPageTab }) {
  return (
    <>
      <PageHeader
        title={messages.friends.pageTitle}
        description={messages.friends.pageDescription}
      />
      <div className={styles.layout}>
        <MemberSearch />
        <FriendTabs initialTab={initialTab} />
        <SuggestedFriends />
      </div>
    </>
  );
}
