import { Readable } from 'node:stream';

import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

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
import { listExercises } from '../exercise/service';
import { setsByOwner } from '../exercise/sets';
import { listFriends, listRequests, memberSummary } from '../friend/service';
import { seoulTimestamp } from '../http/errors';
import { listRoutines } from '../routine/service';
import type { ImageStorage } from '../storage/image-storage';
import { type CsvCell, csvLines, toCsv } from './csv';
import { jsonArrayText, jsonText, ZipStreamWriter } from './zip-stream';

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
  'Set Type',
  'RPE',
] as const;

/** The Seoul calendar day of `now` (yyyy-MM-dd): the export's file name carries it. */
export function seoulDate(now: Date = new Date()): string {
  return seoulTimestamp(now).slice(0, 10);
}

/** `everyhealth-export-YYYY-MM-DD.zip` for the Seoul day of `now`. */
export function exportFileName(now: Date = new Date()): string {
  return `everyhealth-export-${seoulDate(now)}.zip`;
}

/** Rows per page when reading a table that can grow without bound (day logs, posts, messages). */
export const EXPORT_PAGE_ROWS = 500;

/**
 * Rows a page at a time: `read(after, limit)` reads the page after the cursor `after` (undefined:
 * from the first row), and the cursor of a page's last row, `cursorOf(row)`, starts the next.
 */
async function* pages<T, C>(
  read: (after: C | undefined, limit: number) => Promise<T[]>,
  cursorOf: (row: T) => C,
): AsyncGenerator<T[]> {
  let after: C | undefined;
  for (;;) {
    const page = await read(after, EXPORT_PAGE_ROWS);
    if (page.length > 0) yield page;
    if (page.length < EXPORT_PAGE_ROWS) return;
    after = cursorOf(page[page.length - 1]);
  }
}

/** The cursor of rows read by ascending id. */
const byId = (row: { id: number }): number => row.id;

/**
 * The member's day logs after `afterDate` (exclusive; undefined: from the first) and up to
 * `untilDate` (inclusive, when given), by date, at most `limit` of them, in the shape
 * `GET /api/today/date/{date}` answers (entries by sequence, sets by id with their done mark):
 * three statements per page.
 */
async function memberDaysPage(
  db: Db,
  memberId: number,
  afterDate: string | undefined,
  limit: number,
  untilDate?: string,
): Promise<Today[]> {
  const days = await db
    .select({ id: todays.id, localDate: todays.localDate, checkBox: todays.checkBox })
    .from(todays)
    .where(
      and(
        eq(todays.memberId, memberId),
        afterDate === undefined ? undefined : gt(todays.localDate, afterDate),
        untilDate === undefined ? undefined : lte(todays.localDate, untilDate),
      ),
    )
    .orderBy(asc(todays.localDate))
    .limit(limit);
  if (days.length === 0) return [];
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
    .leftJoin(exercises, eq(exercises.id, todayExercises.exerciseId))
    .where(
      inArray(
        todayExercises.todayId,
        days.map((day) => day.id),
      ),
    )
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

/**
 * The member's day logs, by date, a page at a time: all of them, or (`untilDate` given) those up to
 * that date, or (null) none.
 */
async function* memberDays(
  db: Db,
  memberId: number,
  untilDate?: string | null,
): AsyncGenerator<Today[]> {
  if (untilDate === null) return;
  yield* pages(
    (after: string | undefined, limit) => memberDaysPage(db, memberId, after, limit, untilDate),
    (day) => day.localDate,
  );
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
        set.type ?? 'NORMAL',
        set.rpe ?? '',
      ]),
    ),
  );
}

/** The member's posts after `afterId` (and up to `untilId`, when given), by id. */
function memberPostsPage(
  db: Db,
  memberId: number,
  afterId: number,
  limit: number,
  untilId?: number,
) {
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
    .where(
      and(
        eq(posts.memberId, memberId),
        gt(posts.id, afterId),
        untilId === undefined ? undefined : lte(posts.id, untilId),
      ),
    )
    .orderBy(asc(posts.id))
    .limit(limit);
}

/**
 * The member's own rows of `table` (their comments, their chat messages) as a JSON array, by id, a
 * page at a time: each row's id, the `fields` given, and its Seoul `createdDate`.
 */
function ownRowsJson(
  db: Db,
  table: typeof comments | typeof chatMessages,
  fields: Record<string, PgColumn>,
  memberId: number,
): AsyncGenerator<string> {
  return jsonArrayText(
    pages(
      (after, limit) =>
        db
          .select({ ...fields, id: table.id, createdAt: table.createdAt })
          .from(table)
          .where(and(eq(table.memberId, memberId), gt(table.id, after ?? 0)))
          .orderBy(asc(table.id))
          .limit(limit),
      byId,
    ),
    ({ id, createdAt, ...rest }) => ({ id, ...rest, createdDate: seoulTimestamp(createdAt) }),
  );
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

/**
 * An image's bytes, whole (one at a time): an entry cannot be taken back once its first bytes are
 * sent, so a read that fails half-way must fail before any of it is written. Null when absent.
 */
async function readImage(images: ImageStorage, key: string): Promise<Uint8Array[] | null> {
  const opened = await images.open(key);
  if (!opened) return null;
  const chunks: Uint8Array[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Uint8Array);
  return chunks;
}

function readme(missingImages: string[]): string {
  const lines = [
    'EveryHealth 내 데이터',
    '',
    '이 ZIP 파일에는 내보낸 시점의 내 데이터가 들어 있습니다. 시각은 한국 시간(Asia/Seoul)입니다.',
    '',
    'profile.json        내 프로필: 아이디, 이름, 이메일, 사진, 가입 시각, 운동 설정(무게 단위, 자동 완료, 휴식 시간)',
    'exercises.json      내 운동: 분류, 메모, 휴식 시간, 세트',
    'routines.json       내 루틴: 루틴의 운동과 세트',
    'workouts.csv        운동 기록: 세트마다 한 줄(Strong, Hevy 내보내기와 같은 열). Done은 세트 체크, Completed는 그날의 완료,',
    '                    Set Type은 세트 종류(NORMAL 본세트, WARMUP 워밍업, DROP 드롭, FAILURE 실패), RPE는 운동 강도(6–10)',
    "                    (=, +, -, @로 시작하는 이름은 스프레드시트가 수식으로 읽지 않도록 앞에 '를 붙였습니다)",
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
 * workouts.csv's text: the BOM and header, then the rows of each page of days; `onPage` is told
 * each page's last date.
 */
async function* workoutsCsv(
  days: AsyncIterable<Today[]>,
  onPage: (lastDate: string) => void,
): AsyncGenerator<string> {
  yield toCsv(WORKOUT_CSV_HEADER, []);
  for await (const page of days) {
    onPage(page[page.length - 1].localDate);
    yield csvLines(workoutRows(page));
  }
}

export type ImageErrorHandler = (key: string, error: unknown) => void;

/**
 * Everything the member owns as one ZIP, written as the reader takes it (one member's data,
 * images stored without recompression): their profile and settings, exercises, routines, day
 * logs (CSV and JSON), posts with their images, own comments, friends, clubs and own chat
 * messages. Of other members only what the member's own lists name (a friend's id and name, a
 * club's title). Tables that grow without bound are read a page at a time and images one at a
 * time, so the memory it takes does not grow with the member's data. An image that cannot be read
 * is reported to `onImageError`, left out and named in README.txt.
 * `계정 삭제` (account/service.ts) removes the same data (and the likes, notifications and sessions
 * that are not exported); only the chat messages outlive it, sender-less. Messages are selected by
 * their sender, so a deleted member's (null sender) never appear in anyone's export.
 */
export async function* exportZip(
  db: Db,
  images: ImageStorage,
  memberId: number,
  onImageError: ImageErrorHandler = () => {},
): AsyncGenerator<Uint8Array> {
  const zip = new ZipStreamWriter();
  let finished = false;
  try {
    // Images first: README.txt and posts.json say which ones are missing.
    const missingImages = new Set<string>();
    let lastPostId = 0;
    for await (const page of pages(
      (after, limit) => memberPostsPage(db, memberId, after ?? 0, limit),
      byId,
    )) {
      for (const post of page) {
        lastPostId = post.id;
        const name = imageFileName(post.imageKey);
        let chunks: Uint8Array[] | null = null;
        try {
          chunks = await readImage(images, post.imageKey);
        } catch (error) {
          onImageError(post.imageKey, error);
        }
        if (chunks) yield* zip.stored(`images/${name}`, chunks);
        else missingImages.add(name);
      }
    }
    yield* zip.deflated('README.txt', [readme([...missingImages])]);

    const [member] = await db.select().from(members).where(eq(members.id, memberId));
    yield* zip.deflated('profile.json', [
      jsonText({
        id: member.id,
        name: member.name,
        email: member.email,
        picture: member.picture,
        createdDate: seoulTimestamp(member.createdAt),
        settings: {
          weightUnit: member.weightUnit,
          autoCompleteDay: member.autoCompleteDay,
          restSeconds: member.restSeconds,
          // The bar and plates (issue 27), when the member set them.
          ...(member.plateInventory ? { plates: member.plateInventory } : {}),
        },
      }),
    ]);
    // A member's library and routines are bounded by the wire's limits: read whole.
    yield* zip.deflated('exercises.json', [jsonText(await listExercises(db, memberId))]);
    yield* zip.deflated('routines.json', [jsonText(await listRoutines(db, memberId))]);
    // workouts.json has the days workouts.csv has: up to the CSV's last date (a day logged past it
    // meanwhile is in neither), as posts are bounded by the images'; null: the CSV had none.
    // (`as`: TypeScript does not see the callback's writes.)
    let lastDate = null as string | null;
    yield* zip.deflated(
      'workouts.csv',
      workoutsCsv(memberDays(db, memberId), (date) => (lastDate = date)),
    );
    yield* zip.deflated('workouts.json', jsonArrayText(memberDays(db, memberId, lastDate)));
    // The posts of the images above (one posted since is left out of both).
    yield* zip.deflated(
      'posts.json',
      jsonArrayText(
        pages((after, limit) => memberPostsPage(db, memberId, after ?? 0, limit, lastPostId), byId),
        (post) => {
          const image = imageFileName(post.imageKey);
          return {
            id: post.id,
            text: post.text,
            createdDate: seoulTimestamp(post.createdAt),
            likeCount: post.likeCount,
            image,
            imageIncluded: !missingImages.has(image),
          };
        },
      ),
    );
    yield* zip.deflated(
      'comments.json',
      ownRowsJson(db, comments, { postId: comments.postId, text: comments.text }, memberId),
    );
    const caller = await memberSummary(db, memberId);
    const [friends, received, sent] = await Promise.all([
      listFriends(db, caller),
      listRequests(db, caller),
      sentRequests(db, memberId),
    ]);
    yield* zip.deflated('friends.json', [
      jsonText({
        friends: friends.map(({ friend }) => ({ id: friend.id, name: friend.name })),
        sentRequests: sent,
        receivedRequests: received.map(({ member: requester }) => ({
          id: requester.id,
          name: requester.name,
        })),
      }),
    ]);
    yield* zip.deflated('clubs.json', [jsonText(await memberClubs(db, memberId))]);
    yield* zip.deflated(
      'chat-messages.json',
      ownRowsJson(
        db,
        chatMessages,
        { roomId: chatMessages.roomId, message: chatMessages.message },
        memberId,
      ),
    );
    yield* zip.end();
    finished = true;
  } finally {
    // The reader went away (or a read failed): nothing more is made.
    if (!finished) zip.terminate();
  }
}

/** The export as a byte stream for a reply: the ZIP is made as fast as the client reads it. */
export function exportStream(
  db: Db,
  images: ImageStorage,
  memberId: number,
  onImageError?: ImageErrorHandler,
): Readable {
  return Readable.from(exportZip(db, images, memberId, onImageError), {
    objectMode: false,
    highWaterMark: 64 * 1024,
  });
}
