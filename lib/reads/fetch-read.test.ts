import { isApiError } from '@/lib/api/errors';
import { clubOfRoomKey, dayKey } from '@/lib/api/keys';
import { resetSessionBridge, setSessionSnapshot } from '@/lib/api/session-bridge';
import type { Club } from '@/lib/contract/club';
import type { Today } from '@/lib/contract/today';
import { buildClub, ORIGINAL_DAY_500 } from '@/testing/builders';
import { mockFetch } from '@/testing/test-helpers';

import { defineRead } from './define';
import { fetchRead, fetchReadOrNull } from './fetch-read';

/** Two reads shaped like the app's (the fetcher is generic; each feature tests its own mapper). */
const clubOfRoomRead = defineRead({
  key: (roomId: number) => clubOfRoomKey(roomId),
  schema: async () => (await import('@/lib/contract/club')).clubSchema,
  toView: (club: Club) => club,
});
const dayLogRead = defineRead({
  key: (date: string) => dayKey(date),
  schema: async () => (await import('@/lib/contract/today')).todaySchema,
  toView: (day: Today) => day,
});

const club = buildClub();

const DATE = '2026-11-23';

beforeEach(() => {
  resetSessionBridge();
  setSessionSnapshot({ isAuthenticated: true, needTokenRefresh: false });
});

describe('fetchRead', () => {
  it("asks the read's key once, and validates and maps the answer", async () => {
    const { calls } = mockFetch({ 'GET /api/club/chatRoom/7': { body: club } });
    await expect(fetchRead(clubOfRoomRead, 7)).resolves.toEqual(club);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/club/chatRoom/7']);
  });

  it("refuses an answer of the wrong shape (the read's schema)", async () => {
    mockFetch({ 'GET /api/club/chatRoom/7': { body: { ...club, id: 'three' } } });
    const error: unknown = await fetchRead(clubOfRoomRead, 7).catch((caught: unknown) => caught);
    expect(isApiError(error) && error.kind).toBe('invalid-response');
  });

  it("passes the backend's refusal on as the client's error (a room left is 404)", async () => {
    mockFetch({});
    const error: unknown = await fetchRead(clubOfRoomRead, 7).catch((caught: unknown) => caught);
    expect(isApiError(error) && error.status).toBe(404);
  });
});

describe('fetchReadOrNull', () => {
  it("treats our backend's 404 as no record and rethrows anything else", async () => {
    mockFetch({});
    await expect(fetchReadOrNull(dayLogRead, DATE)).resolves.toBeNull();
    mockFetch({ [`GET /api/today/date/${DATE}`]: ORIGINAL_DAY_500 });
    await expect(fetchReadOrNull(dayLogRead, DATE)).rejects.toMatchObject({ status: 500 });
  });
});
