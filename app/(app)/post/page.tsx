import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/placeholder/page-placeholder';
import { PostIcon, UploadIcon } from '@/components/shell/nav-icons';
import { ButtonLink } from '@/components/ui/button';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.post };

export default function Page() {
  return (
    <PagePlaceholder
      heading={messages.pages.post}
      placeholder={messages.placeholders.post}
      icon={<PostIcon />}
      actions={
        <ButtonLink href="/post/upload" icon={<UploadIcon />}>
          {messages.upload.title}
        </ButtonLink>
      }
    />
  );
}
