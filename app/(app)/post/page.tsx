import type { Metadata } from 'next';
import { PostFeedPage } from '@/components/post/post-feed-page';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.post };

export default function Page() {
  return <PostFeedPage />;
}
