/** @jest-environment node */
import {
  dayKey,
  dayRecordsKey,
  monthKey,
  previousSessionsKey,
  weekSummaryKey,
} from '@/lib/api/keys';
import { fetchDay, fetchDayRecords, fetchMonth, fetchPreviousSessions } from '../reads/today';
import { fetchWeekSummary } from '../reads/training';
import { BackendReadError } from '../server-client';
import { homeFallback, homeWeekFallback } from './home';

jest.mock('../reads/today', () => ({
  fetchDay: jest.fn(),
  fetchDayRecords: jest.fn(),
  fetchMonth: jest.fn(),
  fetchPreviousSessions: jest.fn(),
}));
jest.mock('../reads/training', () => ({ fetchWeekSummary: jest.fn() }));

const TODAY = '2026-11-25';
const log = { id: 30, localDate: TODAY, checkBox: 'False', todayExercises: [] };
const records = { sets: [{ id: 5, records: ['weight' as const] }], sessionVolume: [] };
const previous = [
  { todayExerciseId: 1, exerciseId: 2, localDate: '2026-11-18', repWeightList: [] },
];

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(fetchMonth).mockResolvedValue([{ localDate: TODAY, checkBox: 'False' }]);
  jest.mocked(fetchDay).mockResolvedValue(log as never);
  jest.mocked(fetchDayRecords).mockResolvedValue(records);
  jest.mocked(fetchPreviousSessions).mockResolvedValue(previous);
  jest.mocked(fetchWeekSummary).mockResolvedValue(null);
});

describe('homeFallback', () => {
  it("hands today's log over with its badges and last time's sets, so hydration asks nothing", async () => {
    expect(await homeFallback(TODAY)).toEqual({
      [monthKey(2026, 11)]: [{ localDate: TODAY, checkBox: 'False' }],
      [dayKey(TODAY)]: log,
      [dayRecordsKey(TODAY)]: records,
      [previousSessionsKey(TODAY)]: previous,
    });
  });

  it('leaves the week summary to its own boundary: the calendar never waits for it', async () => {
    jest.mocked(fetchWeekSummary).mockImplementation(() => new Promise(() => undefined));
    expect(await homeFallback(TODAY)).not.toHaveProperty([weekSummaryKey(TODAY)]);
    expect(fetchWeekSummary).not.toHaveBeenCalled();
  });

  it('leaves a decoration the backend could not read to the browser', async () => {
    jest
      .mocked(fetchDayRecords)
      .mockImplementation(() => Promise.reject(new BackendReadError('/records', 502)));
    const fallback = await homeFallback(TODAY);
    expect(fallback).toHaveProperty([dayKey(TODAY)], log);
    expect(fallback).not.toHaveProperty([dayRecordsKey(TODAY)]);
  });

  it('reads no day extras when today has no record', async () => {
    jest.mocked(fetchMonth).mockResolvedValue([]);
    await homeFallback(TODAY);
    expect(fetchDay).not.toHaveBeenCalled();
    expect(fetchDayRecords).not.toHaveBeenCalled();
    expect(fetchPreviousSessions).not.toHaveBeenCalled();
  });
});

describe('homeWeekFallback', () => {
  it('hands the week summary over, null from a backend without one', async () => {
    expect(await homeWeekFallback(TODAY)).toEqual({ [weekSummaryKey(TODAY)]: null });
  });

  it('leaves a summary the backend could not read to the browser', async () => {
    jest
      .mocked(fetchWeekSummary)
      .mockImplementation(() => Promise.reject(new BackendReadError('/week', 502)));
    expect(await homeWeekFallback(TODAY)).toEqual({});
  });
});
