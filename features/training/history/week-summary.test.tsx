import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';

import { dayLogRead, monthRead } from '@/features/day-log/reads';
import { dayKey, isWeekKey, monthKey, TRAINING_SETTINGS_KEY, weekSummaryKey } from '@/lib/api/keys';
import type { Today } from '@/lib/contract/today';
import type { WeekSummary as WeekSummaryData } from '@/lib/contract/training';
import { fallbackOf, mockFetch, renderServerFirst, settle } from '@/testing/test-helpers';

import { WeekSummary, WeekSummaryView } from './week-summary';

const TODAY = '2026-11-25'; // a Wednesday; the week runs 11/23 – 11/29

function parts(overrides: Partial<Record<string, number>> = {}) {
  return {
    CHEST: 0,
    BACK: 0,
    SHOULDER: 0,
    BICEPS: 0,
    TRICEPS: 0,
    LOWERBODY: 0,
    ABS: 0,
    ...overrides,
  } as WeekSummaryData['current']['setsByBodyPart'];
}

function summary(overrides: Partial<WeekSummaryData> = {}): WeekSummaryData {
  return {
    current: {
      weekStart: '2026-11-23',
      sessions: 2,
      volume: 2400,
      setsByBodyPart: parts({ CHEST: 6, LOWERBODY: 3 }),
    },
    previous: {
      weekStart: '2026-11-16',
      sessions: 3,
      volume: 3000,
      setsByBodyPart: parts({ CHEST: 4, BACK: 4, LOWERBODY: 3 }),
    },
    streakWeeks: 3,
    ...overrides,
  };
}

function day(done: boolean): Today {
  return {
    id: 9,
    localDate: TODAY,
    checkBox: 'False',
    todayExercises: [
      {
        id: 31,
        exerciseName: '벤치프레스',
        sequence: 1,
        repWeightList: [{ id: 41, reps: 10, weight: 60, done }],
      },
    ],
  };
}

const SETTINGS = { weightUnit: 'kg', autoCompleteDay: true, restSeconds: 90 };

describe('WeekSummaryView', () => {
  it('shows sessions, volume, the streak and sets per body part against last week', () => {
    render(<WeekSummaryView summary={summary()} unit="kg" />);
    expect(screen.getByText('운동').nextSibling).toHaveTextContent('2회');
    expect(screen.getByText('볼륨').nextSibling).toHaveTextContent('2,400kg');
    expect(screen.getByText('3주 연속')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: '부위별 세트 (지난주 대비)' });
    // Body parts of either week in the fixed order; untrained ones left out.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['가슴 6세트 (+2)', '등 0세트 (-4)', '하체 3세트 (±0)']);
  });

  it('shows the volume in pounds for a pound member', () => {
    render(<WeekSummaryView summary={summary()} unit="lb" />);
    expect(screen.getByText('5,291.1lb')).toBeInTheDocument();
  });

  it('invites the first session of the week, keeping last week and the streak in view', () => {
    const empty = summary({
      current: { weekStart: '2026-11-23', sessions: 0, volume: 0, setsByBodyPart: parts() },
      streakWeeks: 2,
    });
    render(<WeekSummaryView summary={empty} unit="kg" />);
    expect(screen.getByText('이번 주 첫 운동을 기록해 보세요.')).toBeInTheDocument();
    expect(screen.getByText('지난주 3회')).toBeInTheDocument();
    expect(screen.getByText('2주 연속')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('leaves the streak out when there is none', () => {
    render(<WeekSummaryView summary={summary({ streakWeeks: 0 })} unit="kg" />);
    expect(screen.queryByText(/주 연속/)).not.toBeInTheDocument();
  });
});

type CacheMutate = ReturnType<typeof useSWRConfig>['mutate'];

/** Hands SWR's mutate to the test, to change the day log the way the day log panel does. */
function CacheHandle({ onReady }: { onReady: (mutate: CacheMutate) => void }) {
  const { mutate } = useSWRConfig();
  useEffect(() => onReady(mutate), [mutate, onReady]);
  return null;
}

function serverFallback(week: WeekSummaryData | null, log: Today = day(false)) {
  return fallbackOf([
    [weekSummaryKey(TODAY), week],
    [monthKey(2026, 11), monthRead.toView([{ localDate: TODAY, checkBox: 'False' }])],
    [dayKey(TODAY), dayLogRead.toView(log)],
    [TRAINING_SETTINGS_KEY, SETTINGS],
  ]);
}

describe('WeekSummary', () => {
  it('renders the server’s summary without asking for it again', async () => {
    const { calls } = mockFetch({ [`GET ${TRAINING_SETTINGS_KEY}`]: { body: SETTINGS } });
    renderServerFirst(<WeekSummary todayKey={TODAY} />, serverFallback(summary()));
    const card = screen.getByRole('region', { name: '이번 주' });
    expect(within(card).getByText('11/23')).toBeInTheDocument();
    expect(within(card).getByText('11/29')).toBeInTheDocument();
    expect(within(card).getByText('가슴 6세트 (+2)')).toBeInTheDocument();
    await settle();
    expect(calls.filter((call) => call.url.startsWith('/api/today/'))).toEqual([]);
  });

  it('asks again when a day-log write revalidates the week keys (a set ticked)', async () => {
    const ticked = summary({
      current: {
        weekStart: '2026-11-23',
        sessions: 3,
        volume: 3000,
        setsByBodyPart: parts({ CHEST: 7, LOWERBODY: 3 }),
      },
    });
    const { calls } = mockFetch({
      [`GET ${TRAINING_SETTINGS_KEY}`]: { body: SETTINGS },
      [`GET ${weekSummaryKey(TODAY)}`]: { body: ticked },
    });
    let mutateCache: CacheMutate | undefined;
    renderServerFirst(
      <>
        <CacheHandle onReady={(mutate) => (mutateCache = mutate)} />
        <WeekSummary todayKey={TODAY} />
      </>,
      serverFallback(summary()),
    );
    await settle();
    expect(calls.some((call) => call.url === weekSummaryKey(TODAY))).toBe(false);
    await act(async () => {
      await mutateCache!(isWeekKey);
    });
    expect(await screen.findByText('가슴 7세트 (+3)')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === weekSummaryKey(TODAY))).toHaveLength(1);
  });

  it('shows nothing where the backend has no week summary', () => {
    mockFetch({ [`GET ${TRAINING_SETTINGS_KEY}`]: { body: SETTINGS } });
    renderServerFirst(<WeekSummary todayKey={TODAY} />, serverFallback(null));
    expect(screen.queryByRole('region', { name: '이번 주' })).not.toBeInTheDocument();
  });

  it('shows nothing where the backend answers the browser’s read with 404 (no such read)', async () => {
    const { calls } = mockFetch({ [`GET ${TRAINING_SETTINGS_KEY}`]: { body: SETTINGS } });
    renderServerFirst(<WeekSummary todayKey={TODAY} />, {});
    await waitFor(() => expect(calls.map((call) => call.url)).toContain(weekSummaryKey(TODAY)));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: '이번 주' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failed read with a retry', async () => {
    let fail = true;
    mockFetch({
      [`GET ${TRAINING_SETTINGS_KEY}`]: { body: SETTINGS },
      [`GET /api/today/yearAndMonth/2026/11`]: { body: [] },
      [`GET ${weekSummaryKey(TODAY)}`]: () =>
        fail
          ? {
              status: 500,
              body: { code: '500', message: '서버 오류', data: null, timestamp: 't', path: null },
            }
          : { body: summary() },
    });
    renderServerFirst(<WeekSummary todayKey={TODAY} />, {});
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '이번 주 요약을 불러오지 못했습니다.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(screen.getByText('가슴 6세트 (+2)')).toBeInTheDocument());
  });
});
