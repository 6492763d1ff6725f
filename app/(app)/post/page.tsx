import type { Metadata } from 'next';
import { SWRConfig } from 'swr';

import { PostFeedPage } from '@/features/posts/post-feed-page';
import { postFeedFallback } from '@/features/posts/post-screen';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.post };

export default async function Page() {
  return (
    <SWRConfig value={{ fallback: await postFeedFallback() }}>
      <PostFeedPage />
    </SWRConfig>
  );
}
