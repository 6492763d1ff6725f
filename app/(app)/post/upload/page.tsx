import type { Metadata } from 'next';

import { PostUploadPage } from '@/features/posts/post-upload-page';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.postUpload };

export default function Page() {
  return <PostUploadPage />;
}
