import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/placeholder/page-placeholder';
import { CalendarIcon } from '@/components/shell/nav-icons';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.home };

export default function Page() {
  return (
    <PagePlaceholder
      heading={messages.pages.home}
      placeholder={messages.placeholders.home}
      icon={<CalendarIcon />}
    />
  );
}
