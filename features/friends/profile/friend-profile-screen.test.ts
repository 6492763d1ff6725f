/** @jest-environment node */
import { unstable_serialize } from 'swr';

import {
  dayKey,
  dayRecordsKey,
  FRIEND_POSTS_KEY,
  friendCheckKey,
  friendStatusKey,
  memberKey,
  monthKey,
} from '@/lib/api/keys';
import { loginCheck } from '@/lib/bff/reads/session';
import {
  AccessDeniedError,
  BackendReadError,
  readBackend,
  readBackendOrNull,
} from '@/lib/bff/server-client';

import { friendProfileScreen } from './friend-profile-screen';

jest.mock('@/lib/bff/reads/session', () => ({ loginCheck: jest.fn() }));
jest.mock('@/lib/bff/server-client', () => ({
  ...jest.requireActual('@/lib/bff/server-client'),
  readBackend: jest.fn(),
  readBackendOrNull: jest.fn(),
}));

/** The backend's answers to the friend's calendar reads, by what their paths name. */
const fetchMonth = jest.fn<Promise<unknown>, [number, number, number]>();
const fetchDay = jest.fn<Promise<unknown>, [string, number]>();
const fetchDayRecords = jest.fn<Promise<unknown>, [string, number]>();

/** readBackend (and readBackendOrNull) as the calendar's read definitions ask them. */
function calendarRead(path: string): Promise<never> {
  const month = /^\/api\/today\/friend\/(\d+)\/yearAndMonth\/(\d+)\/(\d+)$/.exec(path);
  if (month) {
    return fetchMonth(Number(month[2]), Number(month[3]), Number(month[1])) as Promise<never>;
  }
  const day = /^\/api\/today\/friend\/(\d+)\/date\/([\d-]+)(\/records)?$/.exec(path);
  if (!day) throw new Error(`unexpected read ${path}`);
  return (day[3] ? fetchDayRecords : fetchDay)(day[2], Number(day[1])) as Promise<never>;
}

const FRIEND = 12;
const TODAY = '2026-11-25';
const member = { id: FRIEND, name: '이서연', picture: null };
const posts = [{ id: 2, text: '오운완', imageUrl: 'b.png' }];
const log = { id: 30, localDate: TODAY, checkBox: 'True', todayExercises: [] };
const records = { sets: [{ id: 5, records: ['weight' as const] }], sessionVolume: [] };

const denied = (path: string) => Promise.reject(new AccessDeniedError(path));
const down = (path: string) => Promise.reject(new BackendReadError(path, 502));

const POSTS_PATH = `${FRIEND_POSTS_KEY}/${FRIEND}`;
const CHECK_PATH = friendCheckKey(FRIEND);
const STATUS_PATH = friendStatusKey(FRIEND);
const MEMBER_PATH = memberKey(FRIEND);

/** The backend's answer per path, as readBackend gives it (a promise, so a failure too). */
let backend: Record<string, () => Promise<unknown>>;

beforeEach(() => {
  jest.clearAllMocks();
  backend = {
    [MEMBER_PATH]: () => Promise.resolve(member),
    [CHECK_PATH]: () => Promise.resolve(true),
    [POSTS_PATH]: () => Promise.resolve(posts),
    // The relation is left to the browser unless a test hands it over.
    [STATUS_PATH]: () => down(STATUS_PATH),
  };
  jest
    .mocked(readBackend)
    .mockImplementation((path: string) => (backend[path]?.() ?? calendarRead(path)) as never);
  jest.mocked(readBackendOrNull).mockImplementation(calendarRead);
  jest.mocked(loginCheck).mockResolvedValue({ check: true, id: 1, name: '김민준', picture: null });
  jest.mocked(fetchMonth).mockResolvedValue([
    { localDate: '2026-11-03', checkBox: 'False' },
    { localDate: TODAY, checkBox: 'True' },
  ]);
  jest.mocked(fetchDay).mockResolvedValue(log);
  jest.mocked(fetchDayRecords).mockResolvedValue(records);
});

describe('friendProfileScreen', () => {
  it('hands the relation over (issue 29): a stranger who asked the caller is RECEIVED', async () => {
    const status = { memberId: FRIEND, relation: 'RECEIVED' as const };
    backend[STATUS_PATH] = () => Promise.resolve(status);
    backend[CHECK_PATH] = () => Promise.resolve(false);
    backend[POSTS_PATH] = () => denied(POSTS_PATH);
    jest.mocked(fetchMonth).mockImplementation(() => denied('/api/today/friend/12/…'));
    const screen = await friendProfileScreen(FRIEND, TODAY);
    expect(screen).toMatchObject({ relation: 'RECEIVED', calendarAllowed: false });
    expect(screen.fallback).toEqual({ [friendStatusKey(FRIEND)]: status });
  });

  it('leaves the relation to the browser when its read fails', async () => {
    backend[STATUS_PATH] = () => down(STATUS_PATH);
    const screen = await friendProfileScreen(FRIEND, TODAY);
    expect(screen.relation).toBeUndefined();
    expect(Object.keys(screen.fallback)).not.toContain(friendStatusKey(FRIEND));
  });

  it('hands a friend’s posts, month and today’s log over under the hooks’ keys', async () => {
    const screen = await friendProfileScreen(FRIEND, TODAY);
    expect(screen).toMatchObject({
      member,
      isSelf: false,
      postsDenied: false,
      calendarAllowed: true,
    });
    expect(screen.fallback).toEqual({
      [unstable_serialize([FRIEND_POSTS_KEY, FRIEND])]: posts,
      [monthKey(2026, 11, FRIEND)]: [
        { localDate: '2026-11-03', completed: false },
        { localDate: TODAY, completed: true },
      ],
      [dayKey(TODAY, FRIEND)]: { id: 30, localDate: TODAY, completed: true, todayExercises: [] },
    });
    // The log's badges decorate it: answered by the time it was, they come with the first HTML.
    expect(screen.decorations).toEqual({
      fallback: { [dayRecordsKey(TODAY, FRIEND)]: records },
      streamed: {},
    });
    expect(fetchMonth).toHaveBeenCalledWith(2026, 11, FRIEND);
    expect(fetchDay).toHaveBeenCalledWith(TODAY, FRIEND);
    expect(fetchDayRecords).toHaveBeenCalledWith(TODAY, FRIEND);
  });

  it('streams slow badges in after the friend’s log, which never waits for them', async () => {
    jest.mocked(fetchDayRecords).mockReturnValue(new Promise(() => undefined));
    const screen = await friendProfileScreen(FRIEND, TODAY);
    expect(screen.fallback).toHaveProperty([dayKey(TODAY, FRIEND)]);
    expect(screen.decorations.fallback).toEqual({});
    expect(Object.keys(screen.decorations.streamed)).toEqual([dayRecordsKey(TODAY, FRIEND)]);
  });

  it('leaves badges the backend could not read to the browser', async () => {
    jest.mocked(fetchDayRecords).mockRejectedValue(new BackendReadError('/records', 502));
    const screen = await friendProfileScreen(FRIEND, TODAY);
    expect(screen.fallback).toHaveProperty([dayKey(TODAY, FRIEND)]);
    expect(screen.decorations).toEqual({ fallback: {}, streamed: {} });
  });

  it('does not read a day the month does not list', async () => {
    jest.mocked(fetchMonth).mockResolvedValue([{ localDate: '2026-11-03', checkBox: 'True' }]);
    const screen = await friendProfileScreen(FRIEND, TODAY);
    expect(fetchDay).not.toHaveBeenCalled();
    expect(fetchDayRecords).not.toHaveBeenCalled();
    expect(Object.keys(screen.fallback)).not.toContain(dayKey(TODAY, FRIEND));
  });

  it('denies a stranger the posts (403) and the calendar (check false, month 403)', async () => {
    backend[CHECK_PATH] = () => Promise.resolve(false);
    backend[POSTS_PATH] = () => denied(POSTS_PATH);
    jest.mocked(fetchMonth).mockImplementation(() => denied('/api/today/friend/12/…'));
    const screen = await friendProfileScreen(FRIEND, TODAY);
    expect(screen).toMatchObject({ postsDenied: true, calendarAllowed: false, fallback: {} });
    expect(fetchDay).not.toHaveBeenCalled();
  });

  it.each([
    ['false', () => Promise.resolve(false)],
    ['a failed check', () => down(CHECK_PATH)],
    ['a refused check', () => denied(CHECK_PATH)],
  ])('sends the access-denied calendar when the check is %s', async (_label, check) => {
    backend[CHECK_PATH] = check;
    const screen = await friendProfileScreen(FRIEND, TODAY);
    expect(screen.calendarAllowed).toBe(false);
    expect(Object.keys(screen.fallback)).toEqual([unstable_serialize([FRIEND_POSTS_KEY, FRIEND])]);
  });

  it('sends the access-denied calendar when the month is refused though the check passed', async () => {
    jest.mocked(fetchMonth).mockImplementation(() => denied('/api/today/friend/12/…'));
    const screen = await friendProfileScreen(FRIEND, TODAY);
    expect(screen.calendarAllowed).toBe(false);
  });

  it('leaves a list the backend failed to the browser (no fallback entry, no error page)', async () => {
    backend[POSTS_PATH] = () => down(POSTS_PATH);
    jest.mocked(fetchMonth).mockImplementation(() => down('/api/today/friend/12/…'));
    const screen = await friendProfileScreen(FRIEND, TODAY);
    expect(screen).toMatchObject({ postsDenied: false, calendarAllowed: true, fallback: {} });
  });

  it('knows the signed-in member’s own profile', async () => {
    jest.mocked(loginCheck).mockResolvedValue({ check: true, id: FRIEND, name: '이서연' });
    expect((await friendProfileScreen(FRIEND, TODAY)).isSelf).toBe(true);
  });

  it('lets the member’s not-found and failures end the page', async () => {
    const notFound = new Error('NEXT_HTTP_ERROR_FALLBACK;404');
    backend[MEMBER_PATH] = () => Promise.reject(notFound);
    await expect(friendProfileScreen(FRIEND, TODAY)).rejects.toBe(notFound);
    const failure = new BackendReadError(MEMBER_PATH, 500);
    backend[MEMBER_PATH] = () => Promise.reject(failure);
    await expect(friendProfileScreen(FRIEND, TODAY)).rejects.toBe(failure);
  });
});
