import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';

import * as z from 'zod/mini';

import { errorBodySchema } from '@/lib/contract/errors';

import type { Member } from '../src/db/schema';
import { MESSAGES } from '../src/http/errors';
import {
  buildClub,
  buildDay,
  buildExercise,
  buildMember,
  buildMessage,
  buildPost,
  buildRoutine,
  entryOf,
  insertClubs,
  insertComments,
  insertDays,
  insertExercises,
  insertMembers,
  insertMessages,
  insertPosts,
  insertRoutines,
} from '../src/seed/builders';
import { LocalImageStorage } from '../src/storage/local-image-storage';
import { type ApiClient, apiClient, sessionCookie } from './helpers/api';
import { GENEROUS_RATE_LIMITS, startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { imagesDir, storedFiles, TINY_IMAGES } from './helpers/images';

after(dropTestDatabases);

/**
 * Sweeps every /api route with hostile input as a signed-in member: the backend never answers 5xx,
 * every 4xx is the JSON error body (`code` the HTTP status as a string), and nothing the members
 * own changes.
 */

interface Case {
  method: string;
  path: string;
  /** What the case is about (for the failure list). */
  what: string;
  /** Sent as JSON (`application/json` unless `type`). */
  json?: unknown;
  /** Sent as is, with `type` as the content type (`application/json` when absent). */
  raw?: string | Uint8Array;
  /** A multipart body (fetch sets the content type). */
  form?: FormData;
  type?: string;
  /** Extra cookies after the session cookie. */
  cookie?: string;
  headers?: Record<string, string>;
  /** The status expected, when the case pins one. */
  status?: number;
  /** A field (or a prefix of dotted fields) expected in the 400 body's `data`. */
  field?: string;
}

const LONG = 'x'.repeat(5000);
const HUGE = '99999999999999999999';
const MISSING_ID = 987_654_321;
const JSON_TYPE = 'application/json';
const SEOUL_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?$/;
/** The day seeded for both members; `MONTH` is its year and month. */
const DAY = '2024-05-01';
const MONTH = '2024/5';

/** Path segments that are no id (also past `maxParamLength`, malformed escapes, NUL). */
const BAD_IDS = [
  'abc',
  '-1',
  '0',
  '1.5',
  HUGE,
  '9007199254740992',
  '9223372036854775808',
  '%00',
  '%E0%A4%A',
  '%FF',
  LONG,
  '1e3',
  'NaN',
  'Infinity',
  '0x1F',
  '%20',
  'abc%2Fdef',
  "1'%20OR%20'1'='1",
  '%F0%9F%99%82',
  'null',
  'undefined',
  '[1]',
];

const BAD_DATES = [
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '2024-01-32',
  '0000-01-01',
  'yyyy-MM-dd',
  '2024-1-1',
  '20240101',
  '2024-01-01T00:00:00',
  '+2024-01-01',
  '99999-01-01',
  '-2024-01-01',
  '%EF%BC%92024-01-01',
  '2024-01-01%00',
  '%00',
  '%E0%A4%A',
  'abc',
  '-1',
  LONG,
];

/** A UTF-16 surrogate without its other half: JSON can carry it (`"\\ud800"`), UTF-8 cannot. */
const LONE_SURROGATES = ['\ud800', 'a\udfffb', '\ude00\ud83d'];

/** Percent escapes that decode to no text. */
const BAD_ESCAPES = ['%E0%A4%A', '%FF', '%ED%A0%80', '%zz', 'abc%'];

const BAD_YEAR_MONTH = [
  '0',
  '13',
  '-1',
  'abc',
  '1.5',
  HUGE,
  '%00',
  '%E0%A4%A',
  LONG,
  'NaN',
  'Infinity',
  '%20',
];

function deep(open: string, close: string, levels: number, inner = '1'): string {
  return open.repeat(levels) + inner + close.repeat(levels);
}

/** Bodies wrong for any JSON route (also as the wrong content type). */
const GENERIC_BODIES: Omit<Case, 'method' | 'path'>[] = [
  { what: 'not JSON', raw: 'not json' },
  { what: 'truncated JSON', raw: '{"name":' },
  { what: 'single quotes', raw: "{'name':'x'}" },
  { what: 'trailing comma', raw: '{"a":1,}' },
  { what: 'NaN literal', raw: 'NaN' },
  { what: 'Infinity literal', raw: '{"a":Infinity}' },
  { what: 'byte order mark', raw: '\ufeff{}' },
  { what: 'NUL byte', raw: '\u0000' },
  { what: 'invalid UTF-8', raw: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
  { what: 'number', json: 42 },
  { what: 'negative fraction', json: -1.5 },
  { what: 'string', json: 'hello' },
  { what: 'true', json: true },
  { what: 'empty object', json: {} },
  { what: 'empty array', json: [] },
  { what: 'array of null', json: [null] },
  { what: 'array of numbers', json: [1, 2, 3] },
  { what: 'array of strings', json: ['a'] },
  { what: 'nested arrays', json: [[[]]] },
  { what: 'object 5000 levels deep', raw: deep('{"a":', '}', 5000) },
  { what: 'array 5000 levels deep', raw: deep('[', ']', 5000) },
  { what: 'array 200000 levels deep', raw: deep('[', ']', 200_000) },
  { what: '10000 nulls', json: Array<null>(10_000).fill(null) },
  { what: '10000 objects', json: Array.from({ length: 10_000 }, () => ({})) },
  { what: '__proto__ key', raw: '{"__proto__":{"polluted":true}}' },
  { what: 'constructor.prototype key', raw: '{"constructor":{"prototype":{"polluted":true}}}' },
  { what: '100000-character string', json: 'x'.repeat(100_000) },
  { what: 'over the body limit', json: { name: 'x'.repeat(2 * 1024 * 1024) } },
  { what: 'text/plain', raw: '{}', type: 'text/plain' },
  { what: 'XML', raw: '<a/>', type: 'application/xml' },
  { what: 'JSON in UTF-16', raw: '{}', type: 'application/json; charset=utf-16' },
  { what: 'unparsable content type', raw: '{}', type: ';;;' },
  {
    what: 'form encoded, all fields wrong',
    raw: 'classification=NOPE&repWeightList=x&postId=abc&routineId=abc&title=',
    type: 'application/x-www-form-urlencoded',
  },
  {
    what: 'multipart to a JSON route',
    raw: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--\r\n',
    type: 'multipart/form-data; boundary=b',
  },
];

/** Values of reps/weight that are no valid number for them. */
const BAD_REPS = [0, -1, 0.5, 10_001, 1e20, 'NaN', 'Infinity', '-Infinity', '1e309', '0x10', 'abc'];
const BAD_WEIGHTS = [-1, -0.0001, 10_001, 'NaN', 'Infinity', '1e400', 'abc', '1,5'];
const WRONG_TYPES = [true, [], {}];
const BAD_ID_VALUES: unknown[] = ['abc', -1, 0, 1.5, 1e20, null, [], {}, true, '1e3', 'NaN'];
const BAD_SEQUENCES: unknown[] = [-1, 1.5, 1e7, 'abc', null, {}, '1'];

function badSets(): unknown[] {
  return [
    [],
    {},
    'abc',
    1,
    [null],
    [1],
    ['a'],
    [[]],
    Array.from({ length: 51 }, () => ({ reps: 1, weight: 1 })),
    Array.from({ length: 10_000 }, () => ({ reps: 1, weight: 1 })),
    ...[...BAD_REPS, ...WRONG_TYPES, null].map((reps) => [{ reps, weight: 1 }]),
    ...[...BAD_WEIGHTS, ...WRONG_TYPES].map((weight) => [{ reps: 1, weight }]),
    ...['abc', -1, 0, 1.5, 1e20, {}].map((id) => [{ id, reps: 1, weight: 1 }]),
  ];
}

function omit(object: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([name]) => name !== key));
}

function repeated<T>(length: number, item: () => T): T[] {
  return Array.from({ length }, item);
}

/** Problems with one answer, or null. */
function problem(c: Case, status: number, type: string | null, text: string): string | null {
  if (status >= 500) return `${status} ${text.slice(0, 300)}`;
  if (c.status !== undefined && status !== c.status) {
    return `${status} instead of ${c.status}: ${text.slice(0, 200)}`;
  }
  if (status < 400) return null;
  if (!type?.startsWith('application/json')) return `${status} with ${type}: ${text.slice(0, 200)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `${status} with unparsable JSON: ${text.slice(0, 200)}`;
  }
  const result = z.strictObject(errorBodySchema.shape).safeParse(parsed);
  if (!result.success) return `${status} with a wrong error body: ${text.slice(0, 300)}`;
  const body = result.data;
  if (body.code !== String(status)) return `${status} with code ${body.code}`;
  if (body.message.trim() === '') return `${status} with an empty message`;
  if (body.path !== null) return `${status} with path ${body.path}`;
  if (!SEOUL_TIMESTAMP.test(body.timestamp)) return `${status} with timestamp ${body.timestamp}`;
  if (body.data !== null && Object.keys(body.data).some((field) => field === '')) {
    return `${status} with an unnamed field in data`;
  }
  if (
    c.field !== undefined &&
    !Object.keys(body.data ?? {}).some((key) => key === c.field || key.startsWith(`${c.field}.`))
  ) {
    return `${status} without data for ${c.field}: ${text.slice(0, 200)}`;
  }
  if (body.message === MESSAGES.validation) {
    if (status !== 400) return `validation error as ${status}`;
    if (body.data === null || Object.keys(body.data).length === 0) {
      return 'validation error without field data';
    }
  }
  return null;
}

/** Writes `bytes` on a new connection and reads the answer until the server closes it. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) =>
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk),
    );
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
    socket.write(bytes, 'latin1');
  });
}

for (const kind of databaseKinds()) {
  describe(`hostile input (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let other: Member;
    let api: ApiClient;
    let otherApi: ApiClient;
    let cookie: string;
    const ids = {
      exercise: 0,
      exercise2: 0,
      routine: 0,
      routineEntry: 0,
      day: 0,
      dayEntry: 0,
      post: 0,
      comment: 0,
      club: 0,
      room: 0,
      message: 0,
      otherExercise: 0,
      otherRoutine: 0,
      otherRoutineEntry: 0,
      otherDay: 0,
      otherDayEntry: 0,
      otherPost: 0,
      otherComment: 0,
      otherClub: 0,
      otherRoom: 0,
    };

    before(async () => {
      // Thousands of writes as one member: budgets it cannot reach (the limiter still runs).
      server = await startServer(await kind.create(), GENEROUS_RATE_LIMITS);
      const db = server.database.db;
      [me, other] = await insertMembers(db, [buildMember(), buildMember()]);
      api = await apiClient(server, me);
      otherApi = await apiClient(server, other);
      cookie = await sessionCookie(me);

      const [exercise, exercise2, otherExercise] = await insertExercises(db, [
        buildExercise({ memberId: me.id }),
        buildExercise({ memberId: me.id, classification: 'BACK' }),
        buildExercise({ memberId: other.id }),
      ]);
      const [routine, otherRoutine] = await insertRoutines(db, [
        buildRoutine({ memberId: me.id, entries: [entryOf(exercise, 1)] }),
        buildRoutine({ memberId: other.id, entries: [entryOf(otherExercise, 1)] }),
      ]);
      const [day, otherDay] = await insertDays(db, [
        buildDay({ memberId: me.id, localDate: DAY, entries: [entryOf(exercise, 1)] }),
        buildDay({ memberId: other.id, localDate: DAY, entries: [entryOf(otherExercise, 1)] }),
      ]);
      const storage = new LocalImageStorage(imagesDir(server), 10 * 1024 * 1024);
      const [post, otherPost] = await insertPosts(db, storage, [
        buildPost({ memberId: me.id }),
        buildPost({ memberId: other.id }),
      ]);
      const [comment, otherComment] = await insertComments(db, [
        { postId: otherPost.id, memberId: me.id, text: '좋아요' },
        { postId: post.id, memberId: other.id, text: '고마워요' },
      ]);
      const [club, otherClub] = await insertClubs(db, [
        buildClub({ ownerId: me.id }),
        buildClub({ ownerId: other.id }),
      ]);
      const [message] = await insertMessages(db, [
        buildMessage({ roomId: club.chatRoomId, memberId: me.id }),
        buildMessage({ roomId: otherClub.chatRoomId, memberId: other.id }),
      ]);
      Object.assign(ids, {
        exercise: exercise.id,
        exercise2: exercise2.id,
        routine: routine.id,
        routineEntry: routine.entryIds[0],
        day: day.id,
        dayEntry: day.entryIds[0],
        post: post.id,
        comment,
        club: club.id,
        room: club.chatRoomId,
        message,
        otherExercise: otherExercise.id,
        otherRoutine: otherRoutine.id,
        otherRoutineEntry: otherRoutine.entryIds[0],
        otherDay: otherDay.id,
        otherDayEntry: otherDay.entryIds[0],
        otherPost: otherPost.id,
        otherComment,
        otherClub: otherClub.id,
        otherRoom: otherClub.chatRoomId,
      });
    });
    after(() => server?.close());

    /** Everything either member could lose or gain through the routes swept. */
    async function snapshot() {
      const own = async (client: ApiClient, room: number) => ({
        exercises: await client.get('/api/member/exercises'),
        routines: await client.get('/api/member/routines'),
        month: await client.get(`/api/today/yearAndMonth/${MONTH}`),
        day: await client.get(`/api/today/date/${DAY}`),
        posts: await client.get('/api/member/posts'),
        friends: await client.get('/api/member/friend'),
        requests: await client.get('/api/member/friend/request'),
        clubs: await client.get('/api/clubs?isMyClubs=1'),
        messages: await client.get(`/api/rooms/${room}/recentMessage?limit=100`),
      });
      return {
        me: await own(api, ids.room),
        other: await own(otherApi, ids.otherRoom),
        feed: await api.get('/api/posts?limit=50'),
        clubs: await api.get('/api/clubs'),
        comments: [
          await api.get(`/api/comment/${ids.post}`),
          await api.get(`/api/comment/${ids.otherPost}`),
        ],
        images: storedFiles(server).sort(),
      };
    }

    async function send(c: Case): Promise<Response> {
      const headers: Record<string, string> = {
        cookie: c.cookie ? `${cookie}; ${c.cookie}` : cookie,
        ...c.headers,
      };
      let body: string | Uint8Array | FormData | undefined;
      if (c.form) body = c.form;
      else if (c.json !== undefined) body = JSON.stringify(c.json);
      else body = c.raw;
      if (body !== undefined && !c.form) headers['content-type'] = c.type ?? JSON_TYPE;
      return fetch(`${server.baseUrl}${c.path}`, { method: c.method, headers, body });
    }

    function cases(): Case[] {
      const all: Case[] = [];
      const add = (method: string, path: string, what: string, extra: Partial<Case> = {}) =>
        all.push({ method, path, what, ...extra });

      // --- Path ids: malformed, unknown and another member's. ---
      const idRoutes: {
        method: string;
        path: (id: string) => string;
        /** Ids that exist but are not the caller's to use here. */
        foreign: number[];
        /** The answer to a foreign id: 404 unless another member's data needs a friendship (403). */
        foreignStatus?: number;
        /** The answer to an unknown id. */
        unknownStatus?: number;
        json?: unknown;
      }[] = [
        { method: 'GET', path: (id) => `/api/exercise/${id}`, foreign: [ids.otherExercise] },
        {
          method: 'PATCH',
          path: (id) => `/api/exercise/${id}`,
          foreign: [ids.otherExercise],
          json: { name: '남의 운동', repWeightList: [{ reps: 1, weight: 1 }] },
        },
        { method: 'DELETE', path: (id) => `/api/exercise/${id}`, foreign: [ids.otherExercise] },
        { method: 'GET', path: (id) => `/api/routine/${id}`, foreign: [ids.otherRoutine] },
        { method: 'DELETE', path: (id) => `/api/routine/${id}`, foreign: [ids.otherRoutine] },
        {
          method: 'DELETE',
          path: (id) => `/api/routineExercise/${id}`,
          foreign: [ids.otherRoutineEntry],
        },
        {
          method: 'PATCH',
          path: (id) => `/api/routineExercise/updateSequence/${id}`,
          foreign: [ids.otherRoutine],
          json: [{ routineExerciseId: ids.otherRoutineEntry, sequence: 2 }],
        },
        {
          method: 'PATCH',
          path: (id) => `/api/routineExercise/update/${id}`,
          foreign: [ids.otherRoutine],
          json: [
            { routineExerciseId: ids.otherRoutineEntry, repWeightList: [{ reps: 1, weight: 1 }] },
          ],
        },
        { method: 'GET', path: (id) => `/api/today/${id}`, foreign: [ids.otherDay] },
        {
          method: 'DELETE',
          path: (id) => `/api/todayExercise/${id}`,
          foreign: [ids.otherDayEntry],
        },
        {
          method: 'PATCH',
          path: (id) => `/api/todayExercise/updateSequence/${id}`,
          foreign: [ids.otherDay],
          json: [{ id: ids.otherDayEntry, sequence: 2 }],
        },
        {
          method: 'PATCH',
          path: (id) => `/api/todayExercise/${id}`,
          foreign: [ids.otherDay],
          json: [{ id: ids.otherDayEntry, repWeightList: [{ reps: 1, weight: 1 }] }],
        },
        {
          method: 'POST',
          path: (id) => `/api/today/checkbox/${id}?checked=true`,
          foreign: [ids.otherDay],
        },
        {
          method: 'GET',
          path: (id) => `/api/today/friend/${id}/yearAndMonth/${MONTH}`,
          foreign: [other.id],
          foreignStatus: 403,
        },
        {
          method: 'GET',
          path: (id) => `/api/today/friend/${id}/date/${DAY}`,
          foreign: [other.id],
          foreignStatus: 403,
        },
        { method: 'POST', path: (id) => `/api/club/${id}/join`, foreign: [] },
        { method: 'GET', path: (id) => `/api/club/chatRoom/${id}`, foreign: [ids.otherRoom] },
        { method: 'DELETE', path: (id) => `/api/club/${id}/leave`, foreign: [ids.otherClub] },
        // Issue 29: a club's page and members are any member's to read; deleting is the owner's.
        { method: 'GET', path: (id) => `/api/club/${id}`, foreign: [] },
        { method: 'GET', path: (id) => `/api/club/${id}/members`, foreign: [] },
        {
          method: 'DELETE',
          path: (id) => `/api/club/${id}`,
          foreign: [ids.otherClub],
          foreignStatus: 403,
        },
        {
          method: 'GET',
          path: (id) => `/api/rooms/${id}/recentMessage`,
          foreign: [ids.otherRoom],
        },
        {
          method: 'GET',
          path: (id) => `/api/rooms/${id}/olderMessage?messageId=${ids.message + 10}`,
          foreign: [ids.otherRoom],
        },
        {
          method: 'GET',
          path: (id) => `/api/rooms/${id}/newerMessage?messageId=1`,
          foreign: [ids.otherRoom],
        },
        {
          method: 'GET',
          path: (id) => `/api/posts/friend/${id}`,
          foreign: [other.id],
          foreignStatus: 403,
        },
        { method: 'GET', path: (id) => `/api/comment/${id}`, foreign: [] },
        // Issue 16: the author's edit and delete; likes of any post in the feed.
        {
          method: 'PATCH',
          path: (id) => `/api/post/${id}`,
          foreign: [ids.otherPost],
          json: { text: '남의 글' },
        },
        { method: 'DELETE', path: (id) => `/api/post/${id}`, foreign: [ids.otherPost] },
        { method: 'PUT', path: (id) => `/api/post/${id}/like`, foreign: [] },
        { method: 'DELETE', path: (id) => `/api/post/${id}/like`, foreign: [] },
        { method: 'GET', path: (id) => `/api/post/${id}/likes`, foreign: [] },
        {
          method: 'PATCH',
          path: (id) => `/api/comment/${id}`,
          foreign: [ids.otherComment],
          json: { text: '남의 댓글' },
        },
        { method: 'DELETE', path: (id) => `/api/comment/${id}`, foreign: [ids.otherComment] },
        { method: 'GET', path: (id) => `/api/member/friend/${id}`, foreign: [] },
        // Friend actions on oneself or without a pending request are 400 (friend.test.ts).
        {
          method: 'POST',
          path: (id) => `/api/friend/request/${id}`,
          foreign: [me.id],
          foreignStatus: 400,
        },
        {
          method: 'POST',
          path: (id) => `/api/friend/accept/${id}`,
          foreign: [me.id, other.id],
          foreignStatus: 400,
        },
        {
          method: 'POST',
          path: (id) => `/api/friend/cancel/${id}`,
          foreign: [me.id, other.id],
          foreignStatus: 400,
        },
        {
          method: 'GET',
          path: (id) => `/api/friend/check/${id}`,
          foreign: [],
          unknownStatus: 200,
        },
        // Issue 29: one member's relation; ending a friendship that is not one (or oneself) is 404.
        { method: 'GET', path: (id) => `/api/friend/status/${id}`, foreign: [] },
        { method: 'DELETE', path: (id) => `/api/friend/${id}`, foreign: [me.id, other.id] },
      ];
      for (const route of idRoutes) {
        const values = [
          // Past the router's parameter length limit: 414 URI Too Long.
          ...BAD_IDS.map((id) => ({
            id,
            what: `id ${id.slice(0, 24)}`,
            status: id === LONG ? 414 : 400,
          })),
          ...[MISSING_ID, Number.MAX_SAFE_INTEGER].map((id) => ({
            id: String(id),
            what: 'unknown id',
            status: route.unknownStatus ?? 404,
          })),
          ...route.foreign.map((id) => ({
            id: String(id),
            what: 'foreign id',
            status: route.foreignStatus ?? 404,
          })),
        ];
        for (const { id, what, status } of values) {
          add(route.method, route.path(id), what, { json: route.json, status });
        }
      }
      for (const key of [
        ...BAD_IDS,
        '00000000-0000-0000-0000-000000000000.png',
        '..%2F..%2F..%2Fetc%2Fpasswd',
        '.incoming',
        '.incoming/x.part',
        'images/../../etc/passwd',
        `images/${'0'.repeat(8)}`,
        'x.png%00.png',
        'a.svg',
      ]) {
        add('GET', `/api/images/${key}`, `image key ${key.slice(0, 24)}`, {
          // A malformed escape is refused by the router (400), before the key is looked up. The
          // key is a wildcard (bucket keys carry a folder), which has no parameter length limit:
          // an overlong key is simply no image (404).
          status: ['%E0%A4%A', '%FF'].includes(key) ? 400 : 404,
        });
      }

      // --- Dates and year/month. ---
      const validDay = [{ id: ids.exercise, type: 'exercise' }];
      for (const date of BAD_DATES) {
        const what = `date ${date.slice(0, 24)}`;
        const status = date === LONG ? 414 : 400;
        add('GET', `/api/today/date/${date}`, what, { status });
        add('GET', `/api/today/friend/${other.id}/date/${date}`, what, { status });
        add('POST', `/api/todayExercise/${date}`, what, { json: validDay, status });
        add('POST', `/api/today?date=${date}`, what, { status: 400, field: 'date' });
      }
      add('GET', '/api/today/date/9999-12-31', 'date without a day');
      add('POST', '/api/todayExercise/2024-05-02', 'date without a day', { json: validDay });
      for (const value of BAD_YEAR_MONTH) {
        const what = `year/month ${value.slice(0, 24)}`;
        const status = value === LONG ? 414 : 400;
        // The year 13 exists.
        const yearStatus = value === '13' ? undefined : status;
        add('GET', `/api/today/yearAndMonth/${value}/5`, what, { status: yearStatus });
        add('GET', `/api/today/yearAndMonth/2024/${value}`, what, { status });
        add('GET', `/api/today/friend/${other.id}/yearAndMonth/${value}/5`, what, {
          status: value === '13' ? 403 : status,
        });
        add('GET', `/api/today/friend/${other.id}/yearAndMonth/2024/${value}`, what, { status });
      }
      add('GET', '/api/today/yearAndMonth/9999/12', 'year out of range');
      add('GET', '/api/today/yearAndMonth//5', 'empty year');

      // --- Query strings. ---
      const badLimits = [
        'limit=',
        'limit=abc',
        'limit=-1',
        'limit=0',
        'limit=1.5',
        `limit=${HUGE}`,
        'limit=NaN',
        'limit=Infinity',
        'limit=1&limit=2',
        'limit=%00',
        'limit=%E0%A4%A',
        `limit=${LONG}`,
        'limit[]=1',
        'limit[a]=1',
        '&&&',
        '=',
        '%%%',
      ];
      for (const query of [...badLimits, 'limit=51']) add('GET', `/api/posts?${query}`, query);
      for (const query of [
        '',
        'postId=',
        'postId=abc',
        'postId=-1',
        'postId=0',
        'postId=1.5',
        `postId=${HUGE}`,
        'postId=1&postId=2',
        'postId=NaN',
        'postId=%00',
        'postId=%E0%A4%A',
        `postId=${LONG}`,
        `postId=${Number.MAX_SAFE_INTEGER}`,
        ...badLimits.map((limit) => `postId=${ids.post}&${limit}`),
      ]) {
        add('GET', `/api/posts/scroll?${query}`, query);
      }
      for (const query of [
        'name=a&name=b',
        'name=',
        'name=%25',
        'name=%5C',
        'name=_',
        'name=%E0%A4%A',
        `name=${LONG}`,
        "name='%20OR%201=1--",
        'isMyClubs=abc',
        'isMyClubs=2',
        'isMyClubs=',
        'isMyClubs=-1',
        'isMyClubs=0&isMyClubs=1',
        'isMyClubs=%00',
      ]) {
        add('GET', `/api/clubs?${query}`, query);
      }
      // Issue 29's member search: a name of 1–100 characters once trimmed, else a field error.
      for (const query of [
        '',
        'name=',
        'name=%20%20',
        'name=a&name=b',
        `name=${LONG}`,
        'name=%00',
        'name=a%00b',
        'name=%ED%A0%80',
      ]) {
        add('GET', `/api/members/search?${query}`, `member search ${query.slice(0, 24)}`, {
          status: 400,
          field: 'name',
        });
      }
      for (const query of ['name=%25', 'name=_', 'name=%5C', "name='%20OR%201=1--"]) {
        add('GET', `/api/members/search?${query}`, `member search ${query}`, { status: 200 });
      }
      // NUL cannot be stored or searched for in PostgreSQL text: a field error, not a 500.
      add('GET', '/api/clubs?name=%00', 'NUL in a search', { status: 400, field: 'name' });
      add('GET', '/api/clubs?name=a%00b', 'NUL in a search', { status: 400, field: 'name' });
      // Escapes that decode to no text (cut short, not UTF-8, a UTF-8-encoded lone surrogate) are
      // refused naming the parameter, not searched for as written.
      for (const [path, field] of [
        ['/api/clubs?name=', 'name'],
        ['/api/posts?limit=', 'limit'],
        [`/api/posts/scroll?limit=10&postId=`, 'postId'],
        [`/api/rooms/${ids.room}/olderMessage?messageId=`, 'messageId'],
        ['/api/routine?name=', 'name'],
        [`/api/today/checkbox/${ids.day}?checked=`, 'checked'],
      ]) {
        for (const escape of BAD_ESCAPES) {
          add(
            path.startsWith('/api/routine') || path.includes('checkbox') ? 'POST' : 'GET',
            `${path}${escape}`,
            `bad escape ${escape}`,
            {
              status: 400,
              field,
            },
          );
        }
      }
      add('GET', '/api/clubs?isMyClubs=0&n%E0%A4%Ame=x', 'bad escape in a name', { status: 400 });
      add('GET', '/api/exercise?name=%E0%A4%A', 'bad escape, unknown route', {
        status: 400,
        field: 'name',
      });
      for (const query of [...badLimits, 'limit=101']) {
        add('GET', `/api/rooms/${ids.room}/recentMessage?${query}`, query);
      }
      for (const query of [...badLimits, 'limit=201']) {
        add('GET', `/api/club/${ids.club}/members?${query}`, query);
      }
      for (const path of ['olderMessage', 'newerMessage']) {
        for (const query of [
          '',
          'messageId=',
          'messageId=abc',
          'messageId=-1',
          'messageId=0',
          'messageId=1.5',
          `messageId=${HUGE}`,
          'messageId=1&messageId=2',
          'messageId=NaN',
          'messageId=%00',
          `messageId=${Number.MAX_SAFE_INTEGER}`,
          ...badLimits.map((limit) => `messageId=${ids.message}&${limit}`),
        ]) {
          add('GET', `/api/rooms/${ids.room}/${path}?${query}`, query);
        }
      }
      for (const query of [
        '',
        'name=',
        'name=%20%20',
        'name=a&name=b',
        `name=${'x'.repeat(101)}`,
        `name=${LONG}`,
        'name=%00',
        'name=a%00b',
      ]) {
        add('POST', `/api/routine?${query}`, query.slice(0, 40), { status: 400, field: 'name' });
      }
      add('POST', '/api/today', 'no date');
      for (const query of ['date=', 'date=2024-06-01&date=2024-06-02', 'date[]=2024-06-01']) {
        add('POST', `/api/today?${query}`, query);
      }
      for (const query of [
        '',
        'checked=',
        'checked=maybe',
        'checked=2',
        'checked=true&checked=false',
        'checked=%00',
        `checked=${LONG}`,
      ]) {
        add('POST', `/api/today/checkbox/${ids.day}?${query}`, query.slice(0, 40));
      }

      // --- JSON bodies: anything wrong for any route. ---
      const bodyRoutes: [string, string][] = [
        ['POST', '/api/exercise'],
        ['PATCH', `/api/exercise/${ids.exercise}`],
        ['POST', '/api/routineExercise'],
        ['PATCH', `/api/routineExercise/updateSequence/${ids.routine}`],
        ['PATCH', `/api/routineExercise/update/${ids.routine}`],
        ['POST', `/api/todayExercise/${DAY}`],
        ['PATCH', `/api/todayExercise/updateSequence/${ids.day}`],
        ['PATCH', `/api/todayExercise/${ids.day}`],
        ['POST', '/api/comment'],
        ['PATCH', `/api/comment/${ids.comment}`],
        ['PATCH', `/api/post/${ids.post}`],
        ['POST', '/api/club'],
        ['POST', '/api/logout'],
        ['POST', '/api/token/refresh'],
        ['POST', `/api/friend/cancel/${other.id}`],
        ['DELETE', `/api/exercise/${ids.otherExercise}`],
        ['POST', '/api/post'],
      ];
      for (const [method, path] of bodyRoutes) {
        for (const body of GENERIC_BODIES) add(method, path, body.what, body);
      }

      // --- Route-specific bodies (each wrong, so nothing may be written). ---
      const set = { reps: 10, weight: 20 };
      const exercise = { name: '벤치', memo: null, repWeightList: [set], classification: 'CHEST' };
      const badExerciseFields: Record<string, unknown[]> = {
        name: [
          123,
          '',
          '   ',
          [],
          {},
          ['x'],
          'x'.repeat(101),
          'x'.repeat(100_000),
          'a\u0000b',
          ...LONE_SURROGATES,
        ],
        memo: [123, [], {}, true, 'x'.repeat(1001), 'a\u0000b', ...LONE_SURROGATES],
        classification: ['chest', 'NOPE', 1, '', ['CHEST'], 'CHEST\u0000', '__proto__'],
        repWeightList: badSets(),
      };
      for (const [field, values] of Object.entries(badExerciseFields)) {
        for (const value of values) {
          const what = `${field} = ${JSON.stringify(value)?.slice(0, 40)}`;
          const expected = { status: 400, field };
          add('POST', '/api/exercise', what, {
            json: { ...exercise, [field]: value },
            ...expected,
          });
          add('PATCH', `/api/exercise/${ids.exercise}`, what, {
            json: { [field]: value },
            ...expected,
          });
        }
      }
      for (const field of ['name', 'repWeightList', 'classification']) {
        const expected = { status: 400, field };
        add('POST', '/api/exercise', `missing ${field}`, {
          json: omit(exercise, field),
          ...expected,
        });
        add('POST', '/api/exercise', `null ${field}`, {
          json: { ...exercise, [field]: null },
          ...expected,
        });
      }
      add('POST', '/api/exercise', 'extra fields, one missing', {
        json: { ...omit(exercise, 'classification'), id: 1, memberId: other.id, extra: { a: 1 } },
      });

      const routineAdd = {
        routineId: ids.routine,
        exerciseInfoList: [{ exerciseId: ids.exercise2, sequence: 2 }],
      };
      const routineAddVariants: [string, unknown][] = [
        ...[...BAD_ID_VALUES, ids.otherRoutine, MISSING_ID].map((routineId): [string, unknown] => [
          `routineId ${JSON.stringify(routineId)}`,
          { ...routineAdd, routineId },
        ]),
        ...[
          [],
          null,
          {},
          'abc',
          [null],
          [1],
          [{ exerciseId: ids.otherExercise }],
          [{ exerciseId: ids.exercise2 }, { exerciseId: ids.otherExercise }],
          [{ exerciseId: MISSING_ID }],
          ...BAD_ID_VALUES.map((exerciseId) => [{ exerciseId }]),
          // (A null sequence is allowed here: the entry goes last.)
          ...BAD_SEQUENCES.filter((sequence) => sequence !== null).map((sequence) => [
            { exerciseId: ids.exercise2, sequence },
          ]),
          repeated(501, () => ({ exerciseId: ids.exercise2 })),
          repeated(10_000, () => ({ exerciseId: ids.exercise2 })),
        ].map((exerciseInfoList): [string, unknown] => [
          `exerciseInfoList ${JSON.stringify(exerciseInfoList).slice(0, 40)}`,
          { ...routineAdd, exerciseInfoList },
        ]),
        ['missing routineId', omit(routineAdd, 'routineId')],
        ['missing exerciseInfoList', omit(routineAdd, 'exerciseInfoList')],
        ['extra fields, one missing', { ...omit(routineAdd, 'routineId'), memberId: other.id }],
      ];
      for (const [what, json] of routineAddVariants) {
        add('POST', '/api/routineExercise', what, { json });
      }

      /** Bodies of the two sequence updates, for an entry field named `idField`. */
      const sequenceBodies = (idField: string, mine: number, theirs: number): unknown[] => [
        [{ [idField]: theirs, sequence: 2 }],
        [{ [idField]: MISSING_ID, sequence: 2 }],
        [
          { [idField]: mine, sequence: 2 },
          { [idField]: theirs, sequence: 1 },
        ],
        [
          { [idField]: mine, sequence: 2 },
          { [idField]: mine, sequence: 3 },
        ],
        [{ sequence: 2 }],
        [{ [idField]: mine }],
        ...BAD_ID_VALUES.map((id) => [{ [idField]: id, sequence: 2 }]),
        ...BAD_SEQUENCES.map((sequence) => [{ [idField]: mine, sequence }]),
        repeated(501, () => ({ [idField]: mine, sequence: 2 })),
        { [idField]: mine, sequence: 2 },
      ];
      /** Bodies of the two set updates. */
      const setBodies = (idField: string, mine: number, theirs: number): unknown[] => [
        [{ [idField]: theirs, repWeightList: [set] }],
        [{ [idField]: MISSING_ID, repWeightList: [set] }],
        [
          { [idField]: mine, repWeightList: [{ reps: 2, weight: 2 }] },
          { [idField]: theirs, repWeightList: [set] },
        ],
        [
          { [idField]: mine, repWeightList: [set] },
          { [idField]: mine, repWeightList: [set] },
        ],
        [{ repWeightList: [set] }],
        ...BAD_ID_VALUES.map((id) => [{ [idField]: id, repWeightList: [set] }]),
        ...badSets().map((repWeightList) => [{ [idField]: mine, repWeightList }]),
        repeated(501, () => ({ [idField]: mine, repWeightList: [set] })),
        { [idField]: mine, repWeightList: [set] },
      ];
      const arrayRoutes: [string, unknown[]][] = [
        [
          `/api/routineExercise/updateSequence/${ids.routine}`,
          sequenceBodies('routineExerciseId', ids.routineEntry, ids.otherRoutineEntry),
        ],
        [
          `/api/routineExercise/update/${ids.routine}`,
          setBodies('routineExerciseId', ids.routineEntry, ids.otherRoutineEntry),
        ],
        [
          `/api/todayExercise/updateSequence/${ids.day}`,
          sequenceBodies('id', ids.dayEntry, ids.otherDayEntry),
        ],
        [`/api/todayExercise/${ids.day}`, setBodies('id', ids.dayEntry, ids.otherDayEntry)],
      ];
      for (const [path, bodies] of arrayRoutes) {
        for (const json of bodies) {
          add('PATCH', path, JSON.stringify(json).slice(0, 60), { json });
        }
      }
      for (const json of [
        [{ id: ids.otherExercise, type: 'exercise' }],
        [{ id: ids.otherRoutine, type: 'routine' }],
        [
          { id: ids.exercise2, type: 'exercise' },
          { id: ids.otherExercise, type: 'exercise' },
        ],
        [
          { id: ids.routine, type: 'routine' },
          { id: ids.otherRoutine, type: 'routine' },
        ],
        [{ id: MISSING_ID, type: 'exercise' }],
        [{ id: ids.exercise2, type: 'bogus' }],
        [{ id: ids.exercise2, type: 'EXERCISE' }],
        [{ id: ids.exercise2 }],
        [{ type: 'exercise' }],
        ...BAD_ID_VALUES.map((id) => [{ id, type: 'exercise' }]),
        repeated(501, () => ({ id: ids.exercise2, type: 'exercise' })),
        repeated(10_000, () => ({ id: ids.exercise2, type: 'exercise' })),
        { id: ids.exercise2, type: 'exercise' },
      ]) {
        add('POST', `/api/todayExercise/${DAY}`, JSON.stringify(json).slice(0, 60), { json });
      }

      const comment = { postId: ids.post, text: '좋아요' };
      for (const postId of [...BAD_ID_VALUES, MISSING_ID]) {
        add('POST', '/api/comment', `postId ${JSON.stringify(postId)}`, {
          json: { ...comment, postId },
          ...(postId === MISSING_ID ? { status: 404 } : { status: 400, field: 'postId' }),
        });
      }
      for (const text of [
        '',
        '   ',
        123,
        null,
        [],
        {},
        'x'.repeat(1001),
        'x'.repeat(100_000),
        'a\u0000b',
        ...LONE_SURROGATES,
      ]) {
        add('POST', '/api/comment', `text ${JSON.stringify(text).slice(0, 30)}`, {
          json: { ...comment, text },
          status: 400,
          field: 'text',
        });
      }
      add('POST', '/api/comment', 'missing text', { json: { postId: ids.post } });
      for (const text of [
        '',
        '   ',
        123,
        null,
        [],
        {},
        'x'.repeat(2001),
        'x'.repeat(100_000),
        'a\u0000b',
        ...LONE_SURROGATES,
      ]) {
        const what = `text ${JSON.stringify(text).slice(0, 30)}`;
        add('PATCH', `/api/post/${ids.post}`, what, { json: { text }, status: 400, field: 'text' });
        add('PATCH', `/api/comment/${ids.comment}`, what, {
          json: { text },
          status: 400,
          field: 'text',
        });
      }
      add('POST', '/api/comment', 'missing postId', { json: { text: '좋아요', extra: 1 } });

      const club = {
        title: '새 클럽',
        content: '소개',
        location: '장소',
        schedule: '일정',
        highlight: '특징',
      };
      for (const field of Object.keys(club)) {
        add('POST', '/api/club', `missing ${field}`, {
          json: omit(club, field),
          status: 400,
          field,
        });
        for (const value of [
          '',
          '   ',
          123,
          null,
          [],
          {},
          'x'.repeat(field === 'content' ? 2001 : 201),
          'a\u0000b',
          ...LONE_SURROGATES,
        ]) {
          add('POST', '/api/club', `${field} ${JSON.stringify(value).slice(0, 30)}`, {
            json: { ...club, [field]: value },
            status: 400,
            field,
          });
        }
      }

      // --- Multipart upload. ---
      const png = TINY_IMAGES.png;
      const upload = (
        what: string,
        parts: {
          file?: [Uint8Array<ArrayBuffer> | string, string, string?];
          text?: string;
          extra?: number;
        },
        status = 400,
      ) => {
        const form = new FormData();
        if (parts.file) {
          const [data, name, type] = parts.file;
          form.append('file', new Blob([data], { type: type ?? 'application/octet-stream' }), name);
        }
        if (parts.text !== undefined) form.append('text', parts.text);
        for (let i = 0; i < (parts.extra ?? 0); i++) form.append(`extra${i}`, 'x');
        add('POST', '/api/post', what, { form, status });
      };
      upload('no file, text only', { text: '안녕' });
      upload('empty file', { file: [new Uint8Array(0), 'a.png', 'image/png'], text: '안녕' });
      upload('text file named .png', { file: ['hello world', 'a.png', 'image/png'], text: '안녕' });
      upload('HTML named .gif', {
        file: ['<html><script>alert(1)</script></html>', 'x.gif', 'image/gif'],
        text: '안녕',
      });
      upload('SVG', {
        file: ['<svg xmlns="http://www.w3.org/2000/svg"/>', 'x.svg', 'image/svg+xml'],
        text: '안녕',
      });
      upload('truncated PNG header', { file: [png.data.subarray(0, 6), 'a.png'], text: '안녕' });
      upload('image, no text', { file: [png.data, 'a.png', png.mime] });
      upload('image, empty text', { file: [png.data, 'a.png', png.mime], text: '' });
      upload('image, blank text', { file: [png.data, 'a.png', png.mime], text: '   ' });
      upload('image, text too long', {
        file: [png.data, 'a.png', png.mime],
        text: 'x'.repeat(2001),
      });
      upload('image, 100000-character text', {
        file: [png.data, 'a.png', png.mime],
        text: 'x'.repeat(100_000),
      });
      upload('image, NUL in text', { file: [png.data, 'a.png', png.mime], text: 'a\u0000b' });
      upload('image with a traversal name, blank text', {
        file: [png.data, '../../../etc/passwd', png.mime],
        text: '',
      });
      upload('image, too many parts', {
        file: [png.data, 'a.png', png.mime],
        text: '안녕',
        extra: 12,
      });
      upload('nothing at all', {});
      const multipart = (what: string, raw: string, type: string) =>
        add('POST', '/api/post', what, { raw, type });
      multipart('multipart without a boundary', '--b\r\n\r\n--b--', 'multipart/form-data');
      multipart('multipart garbage', 'garbage', 'multipart/form-data; boundary=b');
      multipart(
        'multipart cut off in a file',
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n' +
          'Content-Type: image/png\r\n\r\n\u0089PNG',
        'multipart/form-data; boundary=b',
      );
      multipart(
        'multipart part without a disposition',
        '--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--\r\n',
        'multipart/form-data; boundary=b',
      );
      multipart('JSON to the upload', '{"text":"안녕"}', JSON_TYPE);
      multipart(
        'form encoded to the upload',
        'text=%EC%95%88',
        'application/x-www-form-urlencoded',
      );
      multipart('text/plain to the upload', '안녕', 'text/plain');

      // --- Session routes with hostile cookies. ---
      for (const value of ['x', 'a.b.c', '%00', '%E0%A4%A', LONG, '""', ';;;=']) {
        const what = `refresh_token ${value.slice(0, 24)}`;
        add('POST', '/api/token/refresh', what, { cookie: `refresh_token=${value}` });
        add('POST', '/api/logout', what, { cookie: `refresh_token=${value}` });
        add('GET', '/api/login/check', what, { cookie: `refresh_token=${value}` });
      }

      // --- Unknown routes, methods and a foreign origin. ---
      for (const [method, path] of [
        ['GET', '/api'],
        ['GET', '/api/'],
        ['GET', '/api/unknown'],
        ['GET', '/api/exercise'],
        ['PUT', `/api/exercise/${ids.exercise}`],
        ['GET', `/api/exercise/${ids.exercise}/extra`],
        ['OPTIONS', '/api/exercise'],
        ['GET', '/api/%E0%A4%A'],
        ['GET', `/api/${LONG}`],
      ]) {
        add(method, path, 'unknown route');
      }
      add('DELETE', `/api/exercise/${ids.exercise}`, 'foreign origin', {
        headers: { origin: 'https://evil.example' },
      });
      add('POST', '/api/exercise', 'foreign origin', {
        json: exercise,
        headers: { origin: 'null' },
      });
      return all;
    }

    it('answers no 5xx, only JSON error bodies, and changes nothing', async () => {
      const before = await snapshot();
      const all = cases();
      const failures: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < all.length) {
          const c = all[next++];
          const label = `${c.method} ${c.path.slice(0, 100)} (${c.what})`;
          try {
            const response = await send(c);
            const text = await response.text();
            const found = problem(c, response.status, response.headers.get('content-type'), text);
            if (found) failures.push(`${label}: ${found}`);
          } catch (error) {
            failures.push(`${label}: request failed: ${String(error)}`);
          }
        }
      };
      await Promise.all(Array.from({ length: 6 }, worker));
      assert.deepEqual(failures, [], `${failures.length} of ${all.length} cases failed`);

      assert.deepEqual(await snapshot(), before);
      assert.ok(all.length > 1000, `only ${all.length} cases`);
    });

    it("answers requests Node's HTTP parser refuses with the JSON error body, then closes", async () => {
      const port = Number(new URL(server.baseUrl).port);
      const request = (head: string) => `${head}\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n`;
      const cases: [string, string, number][] = [
        [
          'a 20 KB header',
          `${request('GET /api/member/exercises HTTP/1.1')}X-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
          431,
        ],
        [
          'a 20 KB cookie',
          `${request('GET /api/member/exercises HTTP/1.1')}Cookie: junk=${'j'.repeat(20_000)}\r\n\r\n`,
          431,
        ],
        ['a bad request line', 'GET /api/member/exercises HTTP/9.x\r\n\r\n', 400],
        ['no request line', 'garbage\r\n\r\n', 400],
        [
          'a control character in a header',
          `${request('GET /api/login/check HTTP/1.1')}User-Agent: a\u0001b\r\n\r\n`,
          400,
        ],
        [
          'two lengths',
          `${request('POST /api/logout HTTP/1.1')}Content-Length: 1\r\nContent-Length: 2\r\n\r\nab`,
          400,
        ],
      ];
      const failures: string[] = [];
      for (const [what, bytes, status] of cases) {
        const answer = await rawExchange(port, bytes);
        const [head, ...rest] = answer.split('\r\n\r\n');
        const lines = head.split('\r\n');
        const headers = new Map(
          lines.slice(1).map((line) => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
          }),
        );
        const got = Number(lines[0].split(' ')[1]);
        const found =
          got !== status
            ? `${lines[0]} instead of ${status}`
            : headers.get('connection') !== 'close'
              ? `connection: ${headers.get('connection')}`
              : problem(
                  { method: 'GET', path: '', what },
                  got,
                  headers.get('content-type') ?? null,
                  rest.join('\r\n\r\n'),
                );
        if (found) failures.push(`${what}: ${found}`);
      }
      assert.deepEqual(failures, []);
    });
  });
}
