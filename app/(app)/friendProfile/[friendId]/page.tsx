import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PagePlaceholder } from '@/components/placeholder/page-placeholder';
import { FriendIcon } from '@/components/shell/nav-icons';
import { messages } from '@/lib/i18n/messages';

interface Props {
  params: Promise<{ friendId: string }>;
}

export const metadata: Metadata = { title: messages.pages.friendProfile };

export default async function FriendProfilePage({ params }: Props) {
  const { friendId } = await params;
  // Member ids are numeric; anything else cannot be a member.
  if (!/^\d+$/.test(friendId)) notFound();
  return (
    <PagePlaceholder
      heading={messages.pages.friendProfile}
      placeholder={messages.placeholders.friendProfile}
      icon={<FriendIcon />}
    />
  );
}
