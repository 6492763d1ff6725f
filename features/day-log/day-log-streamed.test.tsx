import { act, screen } from '@testing-library/react';

import { dayKey, dayRecordsKey, monthKey, previousSessionsKey } from '@/lib/api/keys';
import type { Today } from '@/lib/contract/today';
import { StreamedFallback } from '@/lib/hooks/streamed-fallback';
import { mockFetch, renderServerFirst, settle } from '@/testing/test-helpers';

import { DayLogPanel } from './day-log-panel';
import { dayLogRead, monthRead } from './reads';

const DATE = '2026-11-23';
const day: Today = {
  id: 21,
  localDate: DATE,
  checkBox: 'False',
  todayExercises: [
    {
      id: 55,
      exerciseName: '스쿼트',
      sequence: 1,
      repWeightList: [{ id: 89, reps: 5, weight: 100 }],
    },
  ],
};
const records = { sets: [{ id: 89, records: ['weight'] }], sessionVolume: [] };
const previous = [
  {
    todayExerciseId: 55,
    exerciseId: 2,
    localDate: '2026-11-16',
    repWeightList: [{ id: 1, reps: 5, weight: 95 }],
  },
];

/** The home page's first view: the month and today's log, in the HTML. */
const primary = {
  [monthKey(2026, 11)]: monthRead.toView([{ localDate: DATE, checkBox: 'False' }]),
  [dayKey(DATE)]: dayLogRead.toView(day),
};

/** A promise the test settles. */
function deferred() {
  let resolve!: (value: unknown) => void;
  const promise = new Promise<unknown>((yes) => {
    resolve = yes;
  });
  return { promise, resolve };
}

describe('the day log with its decorations streaming in', () => {
  it('shows the log at once and its badges and last sets when they arrive, asking nothing', async () => {
    const { calls } = mockFetch({});
    const badges = deferred();
    const last = deferred();
    renderServerFirst(
      <StreamedFallback
        streamed={{
          [dayRecordsKey(DATE)]: badges.promise,
          [previousSessionsKey(DATE)]: last.promise,
        }}
      >
        <DayLogPanel date={DATE} />
      </StreamedFallback>,
      primary,
    );
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('1스쿼트');
    expect(screen.queryByText(/^지난번/)).not.toBeInTheDocument();
    expect(screen.queryByText('PR')).not.toBeInTheDocument();
    await settle();
    expect(calls).toEqual([]);
    await act(async () => last.resolve(previous));
    expect(screen.getByText('지난번 11/16: 95kg × 5')).toBeInTheDocument();
    await act(async () => badges.resolve(records));
    expect(screen.getByText('PR')).toBeInTheDocument();
    await settle();
    expect(calls).toEqual([]);
  });

  it('asks for the badges itself when the server could not read them', async () => {
    const { calls } = mockFetch({
      [`GET ${dayRecordsKey(DATE)}`]: { body: records },
    });
    renderServerFirst(
      <StreamedFallback
        fallback={{ [previousSessionsKey(DATE)]: previous }}
        streamed={{ [dayRecordsKey(DATE)]: Promise.resolve(undefined) }}
      >
        <DayLogPanel date={DATE} />
      </StreamedFallback>,
      primary,
    );
    expect(screen.getByText('지난번 11/16: 95kg × 5')).toBeInTheDocument();
    expect(await screen.findByText('PR')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET ${dayRecordsKey(DATE)}`,
    ]);
  });
});
