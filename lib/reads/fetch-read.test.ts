import { resetSessionBridge, setSessionSnapshot } from '@/lib/api/session-bridge';
import { mockFetch } from '@/testing/test-helpers';
import { dayLogRead, monthRead } from './day-log';
import { fetchRead, fetchReadOrNull } from './fetch-read';

const DATE = '2026-11-23';

/** The original backend's answer to GET /api/today/date/{date} without a record. */
const ORIGINAL_500 = {
  status: 500,
  body: { timestamp: '2026-11-23T00:00:00', status: 500, error: 'Internal Server Error' },
};

beforeEach(() => {
  resetSessionBridge();
  setSessionSnapshot({ isAuthenticated: true, needTokenRefresh: false });
});

describe('fetchRead', () => {
  it("asks the read's path, validates the answer and maps it to the view", async () => {
    const { calls } = mockFetch({
      'GET /api/today/yearAndMonth/2026/11': { body: [{ localDate: DATE, checkBox: 'True' }] },
    });
    await expect(fetchRead(monthRead, 2026, 11)).resolves.toEqual([
      { localDate: DATE, completed: true },
    ]);
    expect(calls.map((call) => call.url)).toEqual(['/api/today/yearAndMonth/2026/11']);
  });

  it('refuses an answer of the wrong shape', async () => {
    mockFetch({ 'GET /api/today/yearAndMonth/2026/11': { body: [{ localDate: DATE }] } });
    await expect(fetchRead(monthRead, 2026, 11)).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });
});

describe('fetchReadOrNull', () => {
  it("treats our backend's 404 as no record and rethrows anything else", async () => {
    mockFetch({});
    await expect(fetchReadOrNull(dayLogRead, DATE)).resolves.toBeNull();
    mockFetch({ [`GET /api/today/date/${DATE}`]: ORIGINAL_500 });
    await expect(fetchReadOrNull(dayLogRead, DATE)).rejects.toMatchObject({ status: 500 });
  });
});
