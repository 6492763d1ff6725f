import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { PostFeedPage } from '@/components/post/post-feed-page';
import { postFeedFallback } from '@/lib/bff/screens/post';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.post };

export default async function Page() {
  return (
    <SWRConfig value={{ fallback: await postFeedFallback() }}>
      <PostFeedPage />
    </SWRConfig>
  );
}
