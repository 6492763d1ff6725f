import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/placeholder/page-placeholder';
import { ExerciseIcon } from '@/components/shell/nav-icons';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.exercise };

export default function Page() {
  return (
    <PagePlaceholder
      heading={messages.pages.exercise}
      placeholder={messages.placeholders.exercise}
      icon={<ExerciseIcon />}
    />
  );
}
