import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/placeholder/page-placeholder';
import { ClubIcon } from '@/components/shell/nav-icons';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.clubCreate };

export default function Page() {
  return (
    <PagePlaceholder
      heading={messages.pages.clubCreate}
      description={messages.clubForm.subtitle}
      placeholder={messages.placeholders.clubCreate}
      icon={<ClubIcon />}
    />
  );
}
