import { ORIGINAL_DAY_500 } from '@/testing/builders';
import { mockFetch, writes } from '@/testing/test-helpers';

import { isListed } from './keys';
import { resetSessionBridge, setSessionSnapshot } from './session-bridge';
import { ensureToday } from './today';

const DATE = '2026-11-23';
const MONTH = 'GET /api/today/yearAndMonth/2026/11';

beforeEach(() => {
  resetSessionBridge();
  setSessionSnapshot({ isAuthenticated: true, needTokenRefresh: false });
});

describe('ensureToday', () => {
  it('creates the day when the month list does not name it, without asking for the date', async () => {
    const { calls } = mockFetch({
      [MONTH]: { body: [{ localDate: '2026-11-02', checkBox: 'True' }] },
      [`GET /api/today/date/${DATE}`]: ORIGINAL_DAY_500,
      [`POST /api/today?date=${DATE}`]: { status: 201, body: `${DATE}의 Today를 생성했습니다.` },
    });
    await expect(ensureToday(DATE)).resolves.toBe(true);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      MONTH,
      `POST /api/today?date=${DATE}`,
    ]);
  });

  it('creates nothing when the month list names the date', async () => {
    const { calls } = mockFetch({
      [MONTH]: { body: [{ localDate: DATE, checkBox: 'False' }] },
    });
    await expect(ensureToday(DATE)).resolves.toBe(false);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([MONTH]);
  });

  it('accepts a duplicate refusal when the record appeared meanwhile', async () => {
    let listed = false;
    const { calls } = mockFetch({
      [MONTH]: () => ({ body: listed ? [{ localDate: DATE, checkBox: 'False' }] : [] }),
      [`POST /api/today?date=${DATE}`]: () => {
        listed = true;
        return {
          status: 400,
          body: { code: '400', message: '중복', data: null, timestamp: 't', path: null },
        };
      },
    });
    await expect(ensureToday(DATE)).resolves.toBe(false);
    expect(writes(calls)).toHaveLength(1);
  });

  it('passes other failures on', async () => {
    mockFetch({ [MONTH]: { status: 500, body: null } });
    await expect(ensureToday(DATE)).rejects.toMatchObject({ status: 500 });
  });
});

describe('isListed', () => {
  it('isListed matches the exact date key', () => {
    const days = [{ localDate: '2026-11-02', checkBox: 'True' as const }];
    expect(isListed(days, '2026-11-02')).toBe(true);
    expect(isListed(days, '2026-11-20')).toBe(false);
  });
});
