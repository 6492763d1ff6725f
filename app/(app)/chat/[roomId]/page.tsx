import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { ChatRoom } from '@/features/clubs/chat/chat-room';
import { chatRoomStart } from '@/features/clubs/chat/chat-screen';
import { parsePageId } from '@/lib/bff/page-rules';
import { messages } from '@/lib/i18n/messages';

interface Props {
  params: Promise<{ roomId: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const roomId = parsePageId((await params).roomId);
  return { title: roomId ? messages.pages.chat(roomId) : messages.notFound.title };
}

// A room id is a positive integer (parsePageId, the rule proxy.ts 404s by); anything else is a 404,
// as is a room no club owns. The room's latest messages (or its refusal) come with the HTML.
export default async function ChatRoomPage({ params }: Props) {
  const roomId = parsePageId((await params).roomId);
  if (!roomId) notFound();
  return <ChatRoom key={roomId} roomId={roomId} start={await chatRoomStart(roomId)} />;
}
