import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/placeholder/page-placeholder';
import { UploadIcon } from '@/components/shell/nav-icons';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.postUpload };

export default function Page() {
  return (
    <PagePlaceholder
      heading={messages.pages.postUpload}
      placeholder={messages.placeholders.postUpload}
      icon={<UploadIcon />}
    />
  );
}
