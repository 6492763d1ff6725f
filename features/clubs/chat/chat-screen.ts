import 'server-only';

import { notFound } from 'next/navigation';

import { recentMessagesRead, roomsSummaryRead } from '@/features/clubs/reads/chat';
import { clubsRead } from '@/features/clubs/reads/clubs';
import { isAccessDenied } from '@/lib/bff/server-client';
import { serverRead, serverReadOrNull } from '@/lib/bff/server-read';
import type { ChatMessage } from '@/lib/contract/chat';

import type { ChatRoomStart } from './use-chat-room';

/**
 * Where the member had read the room to before this visit (for the `여기까지 읽었습니다` divider),
 * read beside the messages; null when the backend keeps no read positions (the original) or the
 * room is not among the member's.
 */
async function lastReadOf(roomId: number): Promise<number | null> {
  const summary = await serverRead(roomsSummaryRead).catch(() => null);
  return summary?.rooms.find((room) => room.roomId === roomId)?.lastReadMessageId ?? null;
}

/**
 * What /chat/{roomId}'s first view shows: the room's latest messages and the member's read
 * position, or, for a member the room refuses, the refused state; a room no club owns is
 * notFound().
 *
 * The history is members-only: the backend answers a stranger 404 (so unknown rooms and rooms of
 * other clubs look alike), the original answers 403 where it checks at all. A 404 is therefore
 * settled with the club list (every club names its room): a listed room refuses the member, an
 * unlisted one does not exist. The member's own view costs one read; only the refusal costs two.
 */
export async function chatRoomStart(roomId: number): Promise<ChatRoomStart> {
  let messages: ChatMessage[] | null;
  const lastRead = lastReadOf(roomId);
  try {
    // A 404 is null here: settled below, with the club list.
    messages = await serverReadOrNull(recentMessagesRead, roomId);
  } catch (error) {
    // 403: the original backend's refusal. Anything else (down, a wrong answer) is the boundary's.
    if (isAccessDenied(error)) return { refused: true };
    throw error;
  }
  if (messages) return { refused: false, messages, lastReadMessageId: await lastRead };
  const clubs = await serverRead(clubsRead, null);
  if (clubs.some((club) => club.chatRoomId === roomId)) return { refused: true };
  notFound();
}
