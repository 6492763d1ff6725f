import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/placeholder/page-placeholder';
import { FriendIcon, UserIcon } from '@/components/shell/nav-icons';
import { ButtonLink } from '@/components/ui/button';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.profile };

export default function Page() {
  return (
    <PagePlaceholder
      heading={messages.pages.profile}
      placeholder={messages.placeholders.profile}
      icon={<UserIcon />}
      actions={
        <ButtonLink href="/friend" variant="secondary" icon={<FriendIcon />}>
          {messages.friends.requests}
        </ButtonLink>
      }
    />
  );
}
