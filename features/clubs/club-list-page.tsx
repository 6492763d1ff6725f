import { ButtonLink } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { messages } from '@/lib/i18n/messages';

import { ClubBrowser } from './club-browser';
import { MyChats } from './my-chats';

/**
 * The club list (/club): the heading and `새 클럽 만들기` render on the server; the member's rooms
 * with their last messages and unread counts (MyChats), the search and its results (ClubBrowser)
 * are client leaves, which start from what the page handed over.
 */
export function ClubListPage() {
  const createLink = (
    <ButtonLink href="/club/create" icon={<PlusIcon />}>
      {messages.clubs.create}
    </ButtonLink>
  );
  return (
    <>
      <PageHeader
        title={messages.clubs.title}
        description={messages.clubs.description}
        actions={createLink}
      />
      <MyChats />
      <ClubBrowser createLink={createLink} />
    </>
  );
}
