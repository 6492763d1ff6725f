import type { Db } from '../db/client';
import { chatMessages, chatRooms, clubMembers, clubs } from '../db/schema';

export interface ClubSeed {
  ownerId: number;
  title: string;
  content: string;
  location: string;
  schedule: string;
  highlight: string;
  /** Members besides the owner. */
  memberIds: number[];
}

export interface StoredClub extends ClubSeed {
  id: number;
  chatRoomId: number;
}

export interface MessageSeed {
  roomId: number;
  memberId: number;
  message: string;
  createdAt: Date;
}

let sequence = 0;

/** A club with defaults; every field can be overridden. */
export function buildClub(overrides: Partial<ClubSeed> & { ownerId: number }): ClubSeed {
  sequence += 1;
  return {
    title: `클럽${sequence}`,
    content: '함께 운동해요.',
    location: '한강공원',
    schedule: '매주 토요일 오전 7시',
    highlight: '초보 환영',
    memberIds: [],
    ...overrides,
  };
}

/** A chat message, one minute after the previous built one unless `createdAt` is given. */
export function buildMessage(
  overrides: Partial<MessageSeed> & { roomId: number; memberId: number },
): MessageSeed {
  sequence += 1;
  return {
    message: `메시지${sequence}`,
    createdAt: new Date(Date.UTC(2025, 6, 19, 0, 0) + sequence * 60_000),
    ...overrides,
  };
}

/** Inserts clubs with their rooms (titled like the club), owner and members (four statements). */
export async function insertClubs(db: Db, seeds: ClubSeed[]): Promise<StoredClub[]> {
  if (seeds.length === 0) return [];
  const rows = await db
    .insert(clubs)
    .values(
      seeds.map(({ ownerId, title, content, location, schedule, highlight }) => ({
        ownerId,
        title,
        content,
        location,
        schedule,
        highlight,
      })),
    )
    .returning({ id: clubs.id });
  const rooms = await db
    .insert(chatRooms)
    .values(seeds.map((seed, i) => ({ clubId: rows[i].id, title: seed.title })))
    .returning({ id: chatRooms.id });
  await db
    .insert(clubMembers)
    .values(
      seeds.flatMap((seed, i) => [
        { clubId: rows[i].id, memberId: seed.ownerId, role: 'OWNER' },
        ...seed.memberIds
          .filter((memberId) => memberId !== seed.ownerId)
          .map((memberId) => ({ clubId: rows[i].id, memberId, role: 'MEMBER' })),
      ]),
    );
  return seeds.map((seed, i) => ({ ...seed, id: rows[i].id, chatRoomId: rooms[i].id }));
}

/** Inserts messages in order (ids follow the array) and returns their ids. */
export async function insertMessages(db: Db, seeds: MessageSeed[]): Promise<number[]> {
  if (seeds.length === 0) return [];
  const rows = await db.insert(chatMessages).values(seeds).returning({ id: chatMessages.id });
  return rows.map((row) => row.id);
}
