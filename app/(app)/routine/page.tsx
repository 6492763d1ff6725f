import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/placeholder/page-placeholder';
import { RoutineIcon } from '@/components/shell/nav-icons';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.routine };

export default function Page() {
  return (
    <PagePlaceholder
      heading={messages.pages.routine}
      placeholder={messages.placeholders.routine}
      icon={<RoutineIcon />}
    />
  );
}
