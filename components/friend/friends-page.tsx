import { PageHeader } from '@/components/ui/page-header';
import { messages } from '@/lib/i18n/messages';
import { FriendRequests } from './friend-requests';
import { SuggestedFriends } from './suggested-friends';
import styles from './friends-page.module.css';

/**
 * The friends page (/friend): incoming requests (accept or reject) and suggested friends. A server
 * component: the heading is HTML only; each section is a client leaf with its own actions.
 */
export function FriendsPage() {
  return (
    <>
      <PageHeader
        title={messages.friends.pageTitle}
        description={messages.friends.pageDescription}
      />
      <div className={styles.layout}>
        <FriendRequests />
        <SuggestedFriends />
      </div>
    </>
  );
}
