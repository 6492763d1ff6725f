import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FriendProfilePage } from '@/components/profile/friend-profile-page';
import { parsePageId } from '@/lib/bff/page-rules';
import { messages } from '@/lib/i18n/messages';

interface Props {
  params: Promise<{ friendId: string }>;
}

export const metadata: Metadata = { title: messages.pages.friendProfile };

export default async function Page({ params }: Props) {
  const { friendId } = await params;
  // Member ids are positive integers; anything else cannot be a member.
  const id = parsePageId(friendId);
  if (id === null) notFound();
  return <FriendProfilePage key={id} friendId={id} />;
}
