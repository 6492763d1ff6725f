/** @jest-environment node */
import { unstable_serialize } from 'swr';
import { FRIEND_POSTS_KEY, dayKey, dayRecordsKey, friendStatusKey, monthKey } from '@/lib/api/keys';
import { checkFriend, fetchFriendStatus, fetchMember } from '../reads/friends';
import { fetchFriendPosts } from '../reads/posts';
import { loginCheck } from '../reads/session';
import {
  AccessDeniedError,
  BackendReadError,
  readBackend,
  readBackendOrNull,
} from '../server-client';
import { friendProfileScreen } from './friend-profile';

jest.mock('../reads/friends', () => ({
  checkFriend: jest.fn(),
  fetchFriendStatus: jest.fn(),
  fetchMember: jest.fn(),
}));
jest.mock('../reads/posts', () => ({ fetchFriendPosts: jest.fn() }));
jest.mock('../reads/session', () => ({ loginCheck: jest.fn() }));
jest.mock('../server-client', () => ({
  ...jest.requireActual('../server-client'),
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

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(readBackend).mockImplementation(calendarRead);
  jest.mocked(readBackendOrNull).mockImplementation(calendarRead);
  jest.mocked(fetchMember).mockResolvedValue(member);
  jest.mocked(loginCheck).mockResolvedValue({ check: true, id: 1, name: '김민준', picture: null });
  jest.mocked(checkFriend).mockResolvedValue(true);
  jest.mocked(fetchFriendPosts).mockResolvedValue(posts);
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
    jest.mocked(fetchFriendStatus).mockResolvedValue(status);
    jest.mocked(checkFriend).mockResolvedValue(false);
    jest.mocked(fetchFriendPosts).mockImplementation(() => denied('/api/posts/friend/12'));
    jest.mocked(fetchMonth).mockImplementation(() => denied('/api/today/friend/12/…'));
    const screen = await friendProfileScreen(FRIEND, TODAY);
    expect(screen).toMatchObject({ relation: 'RECEIVED', calendarAllowed: false });
    expect(screen.fallback).toEqual({ [friendStatusKey(FRIEND)]: status });
  });

  it('leaves the relation to the browser when its read fails', async () => {
    jest.mocked(fetchFriendStatus).mockImplementation(() => down('/api/friend/status/12'));
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
      [dayRecordsKey(TODAY, FRIEND)]: records,
    });
    expect(fetchMonth).toHaveBeenCalledWith(2026, 11, FRIEND);
    expect(fetchDay).toHaveBeenCalledWith(TODAY, FRIEND);
    expect(fetchDayRecords).toHaveBeenCalledWith(TODAY, FRIEND);
  });

  it('does not read a day the month does not list', async () => {
    jest.mocked(fetchMonth).mockResolvedValue([{ localDate: '2026-11-03', checkBox: 'True' }]);
    const screen = await friendProfileScreen(FRIEND, TODAY);
    expect(fetchDay).not.toHaveBeenCalled();
    expect(fetchDayRecords).not.toHaveBeenCalled();
    expect(Object.keys(screen.fallback)).not.toContain(dayKey(TODAY, FRIEND));
  });

  it('denies a stranger the posts (403) and the calendar (check false, month 403)', async () => {
    jest.mocked(checkFriend).mockResolvedValue(false);
    jest.mocked(fetchFriendPosts).mockImplementation(() => denied('/api/posts/friend/12'));
    jest.mocked(fetchMonth).mockImplementation(() => denied('/api/today/friend/12/…'));
    const screen = await friendProfileScreen(FRIEND, TODAY);
    expect(screen).toMatchObject({ postsDenied: true, calendarAllowed: false, fallback: {} });
    expect(fetchDay).not.toHaveBeenCalled();
  });

  it.each([
    ['false', () => Promise.resolve(false)],
    ['a failed check', () => down('/api/friend/check/12')],
    ['a refused check', () => denied('/api/friend/check/12')],
  ])('sends the access-denied calendar when the check is %s', async (_label, check) => {
    jest.mocked(checkFriend).mockImplementation(check);
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
    jest.mocked(fetchFriendPosts).mockImplementation(() => down('/api/posts/friend/12'));
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
    jest.mocked(fetchMember).mockRejectedValue(notFound);
    await expect(friendProfileScreen(FRIEND, TODAY)).rejects.toBe(notFound);
    const failure = new BackendReadError('/api/member/friend/12', 500);
    jest.mocked(fetchMember).mockRejectedValue(failure);
    await expect(friendProfileScreen(FRIEND, TODAY)).rejects.toBe(failure);
  });
});
