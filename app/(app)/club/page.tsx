import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/placeholder/page-placeholder';
import { ClubIcon, PlusIcon } from '@/components/shell/nav-icons';
import { ButtonLink } from '@/components/ui/button';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.club };

export default function Page() {
  return (
    <PagePlaceholder
      heading={messages.pages.club}
      placeholder={messages.placeholders.club}
      icon={<ClubIcon />}
      actions={
        <ButtonLink href="/club/create" icon={<PlusIcon />}>
          {messages.clubs.create}
        </ButtonLink>
      }
    />
  );
}
