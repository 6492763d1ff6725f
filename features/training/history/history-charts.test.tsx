import { render, screen, within } from '@testing-library/react';

import type { ExerciseHistory } from '@/lib/contract/training';

import { ExerciseHistoryPage } from './exercise-history-page';
import { type HistorySession, ProgressChart, RpeChart, VolumeChart } from './history-charts';

export const SESSIONS: HistorySession[] = [
  {
    localDate: '2026-10-05',
    topSet: { reps: 10, weight: 60 },
    oneRepMax: 80,
    volume: 1800,
    sets: 3,
  },
  {
    localDate: '2026-10-12',
    topSet: { reps: 8, weight: 62.5 },
    oneRepMax: 79.17,
    volume: 1500,
    sets: 3,
  },
  {
    localDate: '2026-11-21',
    topSet: { reps: 5, weight: 100 },
    oneRepMax: 116.67,
    volume: 2400,
    sets: 5,
  },
];

function history(overrides: Partial<ExerciseHistory> = {}): ExerciseHistory {
  return {
    exerciseId: 7,
    name: '벤치프레스',
    classification: 'CHEST',
    range: '3m',
    sessions: SESSIONS,
    records: {
      weight: { reps: 5, weight: 100, localDate: '2026-11-21' },
      oneRepMax: { reps: 5, weight: 100, value: 116.67, localDate: '2026-11-21' },
      setVolume: { reps: 5, weight: 100, value: 500, localDate: '2026-11-21' },
      sessionVolume: { value: 2400, localDate: '2026-11-21' },
      repsAtWeight: [
        { reps: 10, weight: 60, localDate: '2026-10-05' },
        { reps: 5, weight: 100, localDate: '2026-11-21' },
      ],
    },
    ...overrides,
  };
}

describe('ProgressChart', () => {
  it('draws a point per session for each line, the formula named, and a table of the numbers', () => {
    const { container } = render(<ProgressChart sessions={SESSIONS} unit="kg" />);
    const figure = screen.getByRole('figure', { name: '추정 1RM (Epley 공식)과 최고 세트 무게' });
    expect(container.querySelectorAll('[data-series="oneRepMax"] circle')).toHaveLength(3);
    expect(container.querySelectorAll('[data-series="topSet"] circle')).toHaveLength(3);
    // Two segments join three points.
    expect(container.querySelectorAll('[data-series="oneRepMax"] line')).toHaveLength(2);
    const chart = within(figure).getByRole('img');
    expect(chart).toHaveAccessibleName(
      '세션 3회의 추정 1RM: 처음 80kg, 최근 116.67kg, 최고 116.67kg',
    );

    const table = within(figure).getByRole('table', { name: '세션별 추정 1RM과 최고 세트' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '날짜추정 1RM최고 세트 무게',
      '2026.10.0580kg60kg × 10회',
      '2026.10.1279.17kg62.5kg × 8회',
      '2026.11.21116.67kg100kg × 5회',
    ]);
    expect(within(figure).getByText('표로 보기')).toBeInTheDocument();
  });

  it('shows pounds when the member trains in pounds: 60 kg is 132.3lb', () => {
    const { container } = render(<ProgressChart sessions={SESSIONS.slice(0, 1)} unit="lb" />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      '세션 1회의 추정 1RM: 처음 176.4lb, 최근 176.4lb, 최고 176.4lb',
    );
    expect(screen.getByRole('row', { name: /2026\.10\.05/ })).toHaveTextContent(
      '2026.10.05176.4lb132.3lb × 10회',
    );
    // The axis is in pounds too, and a point's tooltip says so.
    expect(container.querySelector('svg text')).toHaveTextContent(/^lb$/);
    expect(container.querySelector('[data-series="topSet"] circle title')).toHaveTextContent(
      '2026.10.05 최고 세트 무게 132.3lb × 10회',
    );
  });

  it('labels dates under the chart in the year of the sessions', () => {
    const { container } = render(<ProgressChart sessions={SESSIONS} unit="kg" />);
    const labels = [...container.querySelectorAll('[data-dates] text')].map((t) => t.textContent);
    expect(labels).toEqual(['10/5', '10/12', '11/21']);
  });
});

describe('VolumeChart', () => {
  it('draws a bar per session from zero and tables volume and sets', () => {
    const { container } = render(<VolumeChart sessions={SESSIONS} unit="kg" />);
    const bars = container.querySelectorAll('[data-series="volume"] rect');
    expect(bars).toHaveLength(3);
    // The tallest bar is the 2,400 kg session; heights follow the volumes.
    const heights = [...bars].map((bar) => Number(bar.getAttribute('height')));
    expect(heights[2]).toBeGreaterThan(heights[0]);
    expect(heights[0]).toBeGreaterThan(heights[1]);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      '세션 3회의 볼륨: 최근 2,400kg, 최고 2,400kg',
    );
    const table = screen.getByRole('table', { name: '세션별 볼륨과 세트 수' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      '날짜볼륨세트 수',
      '2026.10.051,800kg3',
      '2026.10.121,500kg3',
      '2026.11.212,400kg5',
    ]);
  });

  it('converts volumes to pounds', () => {
    render(<VolumeChart sessions={SESSIONS} unit="lb" />);
    expect(screen.getByRole('row', { name: /2026\.11\.21/ })).toHaveTextContent('5,291.1lb');
  });
});

describe('ExerciseHistoryPage', () => {
  it('heads the page with the exercise and its body part, marks the range and lists records', () => {
    render(<ExerciseHistoryPage history={history({ range: '1y' })} unit="kg" />);
    expect(screen.getByRole('heading', { level: 1, name: '벤치프레스' })).toBeInTheDocument();
    expect(screen.getByText('가슴 · 세션별 추이와 개인 기록')).toBeInTheDocument();
    const ranges = screen.getByRole('navigation', { name: '기간' });
    const links = within(ranges).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['3개월', '/exercise/7'],
      ['1년', '/exercise/7?range=1y'],
      ['전체', '/exercise/7?range=all'],
    ]);
    expect(within(ranges).getByRole('link', { name: '1년' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(ranges).getByRole('link', { name: '전체' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('region', { name: '추이' })).toBeInTheDocument();
    expect(screen.getAllByRole('figure')).toHaveLength(2);
    expect(screen.getByRole('region', { name: '개인 기록' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['추이', '개인 기록']);
  });

  it('says what to do first when the exercise has no session at all', () => {
    render(
      <ExerciseHistoryPage
        history={history({
          sessions: [],
          records: {
            weight: null,
            oneRepMax: null,
            setVolume: null,
            sessionVolume: null,
            repsAtWeight: [],
          },
        })}
        unit="kg"
      />,
    );
    expect(
      screen.getByRole('heading', { name: '아직 이 운동의 기록이 없습니다' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/홈 캘린더에서 이 운동을 날짜에 추가하고/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '캘린더에서 기록하기' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '기간' })).not.toBeInTheDocument();
  });

  it('offers the whole history when the range has no session but older ones exist', () => {
    render(<ExerciseHistoryPage history={history({ sessions: [] })} unit="kg" />);
    expect(
      screen.getByRole('heading', { name: '이 기간에는 기록이 없습니다' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '전체 기간 보기' })).toHaveAttribute(
      'href',
      '/exercise/7?range=all',
    );
    expect(screen.getByRole('region', { name: '개인 기록' })).toBeInTheDocument();
  });
});

describe('RpeChart (issue 27)', () => {
  const rated: HistorySession[] = [
    { ...SESSIONS[0], rpe: 7.5, topSet: { ...SESSIONS[0].topSet, rpe: 8 } },
    SESSIONS[1],
    { ...SESSIONS[2], rpe: 8.8 },
  ];

  it('draws a point per session with an RPE, leaves a gap for one without, and tables both RPEs', () => {
    const { container } = render(<RpeChart sessions={rated} />);
    expect(
      screen.getByRole('img', {
        name: 'RPE를 기록한 세션 2회: 최근 평균 8.8 (RIR 1.2), 가장 높은 평균 8.8',
      }),
    ).toBeInTheDocument();
    const points = container.querySelectorAll('[data-series="rpe"] circle');
    expect(Array.from(points).map((point) => point.textContent)).toEqual([
      '2026.10.05 평균 RPE 7.5 (RIR 2.5)',
      '2026.11.21 평균 RPE 8.8 (RIR 1.2)',
    ]);
    expect(container.querySelectorAll('[data-series="rpe"] line')).toHaveLength(1);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '날짜평균 RPE최고 세트 RPE',
      '2026.10.057.5 (RIR 2.5)8 (RIR 2)',
      '2026.10.12——',
      '2026.11.218.8 (RIR 1.2)—',
    ]);
  });

  it('shows on the history page only when some session has an RPE', () => {
    const { unmount } = render(<ExerciseHistoryPage history={history()} unit="kg" />);
    expect(screen.queryByText('세션별 평균 RPE (RIR = 10 − RPE)')).not.toBeInTheDocument();
    unmount();
    render(<ExerciseHistoryPage history={history({ sessions: rated })} unit="kg" />);
    expect(screen.getByText('세션별 평균 RPE (RIR = 10 − RPE)')).toBeInTheDocument();
  });
});
