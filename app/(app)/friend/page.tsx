import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/placeholder/page-placeholder';
import { FriendIcon } from '@/components/shell/nav-icons';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.friend };

export default function Page() {
  return (
    <PagePlaceholder
      heading={messages.pages.friend}
      placeholder={messages.placeholders.friend}
      icon={<FriendIcon />}
    />
  );
}
