import { and, asc, eq, sql } from 'drizzle-orm';
import { zipSync, strToU8, type Zippable } from 'fflate';

import type { CheckBox, Today } from '@/lib/contract/today';
import type { Db } from '../db/client';
import {
  chatMessages,
  chatRooms,
  clubMembers,
  clubs,
  comments,
  exercises,
  friendships,
  members,
  postLikes,
  posts,
  todayExercises,
  todays,
} from '../db/schema';
import { setsByOwner } from '../exercise/sets';
import { listExercises } from '../exercise/service';
import { listFriends, listRequests, memberSummary } from '../friend/service';
import { seoulTimestamp } from '../http/errors';
import { listRoutines } from '../routine/service';
import type { ImageStorage } from '../storage/image-storage';
import { toCsv, type CsvCell } from './csv';

/** The columns of workouts.csv: Strong's and Hevy's export shape, so other apps can import it. */
export const WORKOUT_CSV_HEADER = [
  'Date',
  'Workout Name',
  'Exercise Name',
  'Set Order',
  'Weight (kg)',
  'Reps',
  'Done',
  'Completed',
] as const;

/** The Seoul calendar day of `now` (yyyy-MM-dd): the export's file name carries it. */
export function seoulDate(now: Date = new Date()): string {
  return seoulTimestamp(now).slice(0, 10);
}

/** `everyhealth-export-YYYY-MM-DD.zip` for the Seoul day of `now`. */
export function exportFileName(now: Date = new Date()): string {
  return `everyhealth-export-${seoulDate(now)}.zip`;
}

/**
 * The member's day logs, by date, in the shape `GET /api/today/date/{date}` answers (entries by
 * sequence, sets by id with their done mark): three statements whatever the number of days.
 */
async function memberDays(db: Db, memberId: number): Promise<Today[]> {
  const days = await db
    .select({ id: todays.id, localDate: todays.localDate, checkBox: todays.checkBox })
    .from(todays)
    .where(eq(todays.memberId, memberId))
    .orderBy(asc(todays.localDate));
  const entries = await db
    .select({
      id: todayExercises.id,
      todayId: todayExercises.todayId,
      exerciseId: todayExercises.exerciseId,
      restSeconds: exercises.restSeconds,
      sequence: todayExercises.sequence,
      exerciseName: sql<string>`coalesce(${exercises.name}, ${todayExercises.exerciseName})`,
    })
    .from(todayExercises)
    .innerJoin(todays, eq(todays.id, todayExercises.todayId))
    .leftJoin(exercises, eq(exercises.id, todayExercises.exerciseId))
    .where(eq(todays.memberId, memberId))
    .orderBy(asc(todayExercises.sequence), asc(todayExercises.id));
  const sets = await setsByOwner(
    db,
    'todayExerciseId',
    entries.map((entry) => entry.id),
  );
  const byDay = new Map<number, Today['todayExercises']>();
  for (const { todayId, ...entry } of entries) {
    const list = byDay.get(todayId) ?? [];
    list.push({ ...entry, repWeightList: sets.get(entry.id) ?? [] });
    byDay.set(todayId, list);
  }
  return days.map((day) => ({
    id: day.id,
    todayExercises: byDay.get(day.id) ?? [],
    localDate: day.localDate,
    checkBox: day.checkBox as CheckBox,
  }));
}

/** workouts.csv's rows: one per logged set, by date, entry sequence and set order. */
export function workoutRows(days: Today[]): CsvCell[][] {
  return days.flatMap((day) =>
    day.todayExercises.flatMap((entry) =>
      entry.repWeightList.map((set, i) => [
        day.localDate,
        `EveryHealth ${day.localDate}`,
        entry.exerciseName,
        i + 1,
        set.weight,
        set.reps,
        set.done === true,
        day.checkBox === 'True',
      ]),
    ),
  );
}

async function memberPostsWithTimes(db: Db, memberId: number) {
  return db
    .select({
      id: posts.id,
      text: posts.text,
      imageKey: posts.imageKey,
      createdAt: posts.createdAt,
      likeCount:
        sql<number>`(select count(*)::int from ${postLikes} as "pl" where "pl"."post_id" = ${posts}."id")`.mapWith(
          Number,
        ),
    })
    .from(posts)
    .where(eq(posts.memberId, memberId))
    .orderBy(asc(posts.id));
}

/** Requests the member sent that are still pending: the addressee's id and name only. */
async function sentRequests(db: Db, memberId: number) {
  return db
    .select({ id: members.id, name: members.name })
    .from(friendships)
    .innerJoin(members, eq(members.id, friendships.addresseeId))
    .where(and(eq(friendships.requesterId, memberId), eq(friendships.status, 'REQUEST')))
    .orderBy(asc(friendships.id));
}

/**
 * The clubs the member belongs to: every field of the ones they own; of the others only what the
 * member's own list names (id, title, room), never another member's club description.
 */
async function memberClubs(db: Db, memberId: number) {
  const rows = await db
    .select({
      id: clubs.id,
      title: clubs.title,
      content: clubs.content,
      location: clubs.location,
      schedule: clubs.schedule,
      highlight: clubs.highlight,
      createdAt: clubs.createdAt,
      ownerId: clubs.ownerId,
      role: clubMembers.role,
      joinedAt: clubMembers.joinedAt,
      chatRoomId: chatRooms.id,
    })
    .from(clubMembers)
    .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
    .leftJoin(chatRooms, eq(chatRooms.clubId, clubs.id))
    .where(eq(clubMembers.memberId, memberId))
    .orderBy(asc(clubs.id));
  return rows.map((row) => {
    const own = row.ownerId === memberId;
    const base = {
      id: row.id,
      title: row.title,
      role: row.role,
      chatRoomId: row.chatRoomId,
      joinedDate: seoulTimestamp(row.joinedAt),
    };
    return own
      ? {
          ...base,
          content: row.content,
          location: row.location,
          schedule: row.schedule,
          highlight: row.highlight,
          createdDate: seoulTimestamp(row.createdAt),
        }
      : base;
  });
}

/** The file name a post's image gets under images/ (its key without any bucket folder). */
function imageFileName(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2) + '\n');

function readme(missingImages: string[]): string {
  const lines = [
    'EveryHealth 내 데이터',
    '',
    '이 ZIP 파일에는 내보낸 시점의 내 데이터가 들어 있습니다. 시각은 한국 시간(Asia/Seoul)입니다.',
    '',
    'profile.json        내 프로필: 아이디, 이름, 이메일, 사진, 가입 시각, 운동 설정(무게 단위, 자동 완료, 휴식 시간)',
    'exercises.json      내 운동: 분류, 메모, 휴식 시간, 세트',
    'routines.json       내 루틴: 루틴의 운동과 세트',
    'workouts.csv        운동 기록: 세트마다 한 줄(Strong, Hevy 내보내기와 같은 열). Done은 세트 체크, Completed는 그날의 완료',
    'workouts.json       운동 기록: 날짜별 기록(앱이 주고받는 모양 그대로)',
    'posts.json          내 게시물: 글, 올린 시각, 좋아요 수, 사진 파일 이름',
    'images/             내 게시물의 사진',
    'comments.json       내가 쓴 댓글: 게시물 번호, 글, 시각',
    'friends.json        친구(아이디, 이름)와 보낸 친구 요청, 받은 친구 요청',
    'clubs.json          내가 속한 클럽(내가 만든 클럽은 소개까지)',
    'chat-messages.json  내가 보낸 채팅 메시지: 채팅방 번호, 글, 시각',
  ];
  if (missingImages.length > 0) {
    lines.push('', '읽을 수 없어 빠진 사진:', ...missingImages.map((name) => `- ${name}`));
  }
  return lines.join('\r\n') + '\r\n';
}

/**
 * Everything the member owns as one ZIP, built in memory (one member's data, images stored
 * without recompression): their profile and settings, exercises, routines, day logs (CSV and
 * JSON), posts with their images, own comments, friends, clubs and own chat messages. Of other
 * members only what the member's own lists name (a friend's id and name, a club's title).
 * `계정 삭제` (account/service.ts) removes the same data (and the likes, notifications and sessions
 * that are not exported); only the chat messages outlive it, sender-less. Messages are selected by
 * their sender, so a deleted member's (null sender) never appear in anyone's export.
 */
export async function buildExport(
  db: Db,
  images: ImageStorage,
  memberId: number,
  onImageError: (key: string, error: unknown) => void = () => {},
): Promise<Uint8Array> {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  const caller = await memberSummary(db, memberId);
  const [exerciseList, routineList, days, postRows, friends, received, sent, clubList] =
    await Promise.all([
      listExercises(db, memberId),
      listRoutines(db, memberId),
      memberDays(db, memberId),
      memberPostsWithTimes(db, memberId),
      listFriends(db, caller),
      listRequests(db, caller),
      sentRequests(db, memberId),
      memberClubs(db, memberId),
    ]);
  const commentRows = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      text: comments.text,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .where(eq(comments.memberId, memberId))
    .orderBy(asc(comments.id));
  const messageRows = await db
    .select({
      id: chatMessages.id,
      roomId: chatMessages.roomId,
      message: chatMessages.message,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(eq(chatMessages.memberId, memberId))
    .orderBy(asc(chatMessages.id));

  const files: Zippable = {};
  const missingImages: string[] = [];
  const postList = [];
  // One image at a time: only the ZIP and one image are held, whatever the number of posts.
  for (const post of postRows) {
    const name = imageFileName(post.imageKey);
    let included = false;
    try {
      const opened = await images.open(post.imageKey);
      if (opened) {
        files[`images/${name}`] = [await readAll(opened.stream), { level: 0 }];
        included = true;
      }
    } catch (error) {
      onImageError(post.imageKey, error);
    }
    if (!included) missingImages.push(name);
    postList.push({
      id: post.id,
      text: post.text,
      createdDate: seoulTimestamp(post.createdAt),
      likeCount: post.likeCount,
      image: name,
      imageIncluded: included,
    });
  }

  files['README.txt'] = strToU8(readme(missingImages));
  files['profile.json'] = json({
    id: member.id,
    name: member.name,
    email: member.email,
    picture: member.picture,
    createdDate: seoulTimestamp(member.createdAt),
    settings: {
      weightUnit: member.weightUnit,
      autoCompleteDay: member.autoCompleteDay,
      restSeconds: member.restSeconds,
    },
  });
  files['exercises.json'] = json(exerciseList);
  files['routines.json'] = json(routineList);
  files['workouts.csv'] = strToU8(toCsv(WORKOUT_CSV_HEADER, workoutRows(days)));
  files['workouts.json'] = json(days);
  files['posts.json'] = json(postList);
  files['comments.json'] = json(
    commentRows.map((row) => ({
      id: row.id,
      postId: row.postId,
      text: row.text,
      createdDate: seoulTimestamp(row.createdAt),
    })),
  );
  files['friends.json'] = json({
    friends: friends.map(({ friend }) => ({ id: friend.id, name: friend.name })),
    sentRequests: sent,
    receivedRequests: received.map(({ member: requester }) => ({
      id: requester.id,
      name: requester.name,
    })),
  });
  files['clubs.json'] = json(clubList);
  files['chat-messages.json'] = json(
    messageRows.map((row) => ({
      id: row.id,
      roomId: row.roomId,
      message: row.message,
      createdDate: seoulTimestamp(row.createdAt),
    })),
  );
  return zipSync(files, { level: 6 });
}
