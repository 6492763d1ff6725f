/** @jest-environment node */
import {
  dayKey,
  dayRecordsKey,
  monthKey,
  previousSessionsKey,
  weekSummaryKey,
} from '@/lib/api/keys';
import { BackendReadError, readBackend, readBackendOrNull } from '@/lib/bff/server-client';

import { homeScreen, homeWeekFallback } from './home-screen';

jest.mock('@/lib/bff/server-client', () => ({
  ...jest.requireActual('@/lib/bff/server-client'),
  readBackend: jest.fn(),
  readBackendOrNull: jest.fn(),
}));

const TODAY = '2026-11-25';
const log = { id: 30, localDate: TODAY, checkBox: 'False', todayExercises: [] };
const records = { sets: [{ id: 5, records: ['weight' as const] }], sessionVolume: [] };
const previous = [
  { todayExerciseId: 1, exerciseId: 2, localDate: '2026-11-18', repWeightList: [] },
];

/** The backend's answers by path, as readBackend and readBackendOrNull (404 → null) give them. */
let backend: Record<string, () => Promise<unknown>>;

function answer(path: string): Promise<never> {
  const reply = backend[path];
  if (!reply) throw new Error(`unexpected read ${path}`);
  return reply() as Promise<never>;
}

/** The paths the screen read. */
function readPaths(): string[] {
  return [...jest.mocked(readBackend).mock.calls, ...jest.mocked(readBackendOrNull).mock.calls].map(
    ([path]) => path,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  backend = {
    [monthKey(2026, 11)]: async () => [{ localDate: TODAY, checkBox: 'False' }],
    [dayKey(TODAY)]: async () => log,
    [dayRecordsKey(TODAY)]: async () => records,
    [previousSessionsKey(TODAY)]: async () => previous,
    [weekSummaryKey(TODAY)]: async () => null,
  };
  jest.mocked(readBackend).mockImplementation(answer);
  jest.mocked(readBackendOrNull).mockImplementation(answer);
});

describe('homeScreen', () => {
  it("hands today's log over with its badges and last time's sets, so hydration asks nothing", async () => {
    expect(await homeScreen(TODAY)).toEqual({
      fallback: {
        [monthKey(2026, 11)]: [{ localDate: TODAY, completed: false }],
        [dayKey(TODAY)]: { id: 30, localDate: TODAY, completed: false, todayExercises: [] },
      },
      // Answered by the time the log was: they come with the first HTML too.
      decorations: {
        fallback: { [dayRecordsKey(TODAY)]: records, [previousSessionsKey(TODAY)]: previous },
        streamed: {},
      },
    });
  });

  it('streams slow badges and last sets in after the log, which never waits for them', async () => {
    let answerRecords!: (value: unknown) => void;
    backend[dayRecordsKey(TODAY)] = () => new Promise((resolve) => (answerRecords = resolve));
    backend[previousSessionsKey(TODAY)] = () => new Promise(() => undefined);
    const { fallback, decorations } = await homeScreen(TODAY);
    expect(fallback).toHaveProperty([dayKey(TODAY)]);
    expect(decorations.fallback).toEqual({});
    expect(Object.keys(decorations.streamed).sort()).toEqual(
      [dayRecordsKey(TODAY), previousSessionsKey(TODAY)].sort(),
    );
    answerRecords(records);
    expect(await decorations.streamed[dayRecordsKey(TODAY)]).toEqual(records);
  });

  it('leaves the week summary to its own boundary: the calendar never waits for it', async () => {
    backend[weekSummaryKey(TODAY)] = () => new Promise(() => undefined);
    expect((await homeScreen(TODAY)).fallback).not.toHaveProperty([weekSummaryKey(TODAY)]);
    expect(readPaths()).not.toContain(weekSummaryKey(TODAY));
  });

  it('leaves a decoration the backend could not read to the browser', async () => {
    backend[dayRecordsKey(TODAY)] = () => Promise.reject(new BackendReadError('/records', 502));
    const { fallback, decorations } = await homeScreen(TODAY);
    expect(fallback).toHaveProperty([dayKey(TODAY)], {
      id: 30,
      localDate: TODAY,
      completed: false,
      todayExercises: [],
    });
    expect(decorations.fallback).not.toHaveProperty([dayRecordsKey(TODAY)]);
    expect(decorations.streamed).not.toHaveProperty([dayRecordsKey(TODAY)]);
  });

  it('reads no day extras when today has no record', async () => {
    backend[monthKey(2026, 11)] = async () => [];
    await homeScreen(TODAY);
    expect(readPaths()).not.toContain(dayKey(TODAY));
    expect(readPaths()).not.toContain(dayRecordsKey(TODAY));
    expect(readPaths()).not.toContain(previousSessionsKey(TODAY));
  });

  it('hands a day gone since its month was read (404) over as no record, with no extras', async () => {
    jest
      .mocked(readBackendOrNull)
      .mockImplementation((path) =>
        path === dayKey(TODAY) ? Promise.resolve(null) : answer(path),
      );
    expect(await homeScreen(TODAY)).toEqual({
      fallback: {
        [monthKey(2026, 11)]: [{ localDate: TODAY, completed: false }],
        [dayKey(TODAY)]: null,
      },
      decorations: { fallback: {}, streamed: {} },
    });
  });
});

describe('homeWeekFallback', () => {
  it('hands the week summary over, null from a backend without one', async () => {
    expect(await homeWeekFallback(TODAY)).toEqual({ [weekSummaryKey(TODAY)]: null });
    expect(readBackendOrNull).toHaveBeenCalledWith(weekSummaryKey(TODAY), expect.anything());
  });

  it('leaves a summary the backend could not read to the browser', async () => {
    backend[weekSummaryKey(TODAY)] = () => Promise.reject(new BackendReadError('/week', 502));
    expect(await homeWeekFallback(TODAY)).toEqual({});
  });
});
