import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PagePlaceholder } from '@/components/placeholder/page-placeholder';
import { ChatIcon } from '@/components/shell/nav-icons';
import { messages } from '@/lib/i18n/messages';

interface Props {
  params: Promise<{ roomId: string }>;
}

/** A room id is digits only; anything else under /chat is SockJS or a 404. */
function parseRoomId(value: string): string | null {
  return /^\d+$/.test(value) ? value : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const roomId = parseRoomId((await params).roomId);
  return { title: roomId ? messages.pages.chat(roomId) : messages.notFound.title };
}

export default async function ChatRoomPage({ params }: Props) {
  const roomId = parseRoomId((await params).roomId);
  if (!roomId) notFound();
  return (
    <PagePlaceholder
      heading={messages.chat.title(roomId)}
      placeholder={messages.placeholders.chat}
      icon={<ChatIcon />}
    />
  );
}
