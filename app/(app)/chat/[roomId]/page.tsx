import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ChatRoom } from '@/components/chat/chat-room';
import { messages } from '@/lib/i18n/messages';

interface Props {
  params: Promise<{ roomId: string }>;
}

/** A room id is digits only; anything else under /chat is SockJS or a 404. */
function parseRoomId(value: string): number | null {
  if (!/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const roomId = parseRoomId((await params).roomId);
  return { title: roomId ? messages.pages.chat(roomId) : messages.notFound.title };
}

export default async function ChatRoomPage({ params }: Props) {
  const roomId = parseRoomId((await params).roomId);
  if (!roomId) notFound();
  return <ChatRoom key={roomId} roomId={roomId} />;
}
