import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { dayOutbox } from '@/features/day-log/offline/day-outbox';
import { pendingCount } from '@/features/day-log/offline/outbox';
import type { CheckBox, Today } from '@/lib/contract/today';
import { mockFetch, renderWithApp } from '@/testing/test-helpers';

import { DayLogPanel } from './day-log-panel';
import { isSelected, toggleSelection } from './selection';
import { WorkoutCalendar } from './workout-calendar';

const DATE = '2026-11-23';

function today(overrides: Partial<Today> = {}): Today {
  return {
    id: 21,
    localDate: DATE,
    checkBox: 'False',
    todayExercises: [
      {
        id: 56,
        exerciseName: '크런치',
        sequence: 2,
        repWeightList: [{ id: 91, reps: 20, weight: 0 }],
      },
      {
        id: 55,
        exerciseName: '스쿼트',
        sequence: 1,
        repWeightList: [
          { id: 89, reps: 5, weight: 100 },
          { id: 90, reps: 3, weight: 110 },
        ],
      },
    ],
    ...overrides,
  };
}

describe('selection', () => {
  it('keeps the order things were checked in and renumbers from 1 on uncheck', () => {
    let list = toggleSelection([], 7, 'exercise', true);
    list = toggleSelection(list, 3, 'routine', true);
    list = toggleSelection(list, 9, 'exercise', true);
    expect(list).toEqual([
      { id: 7, type: 'exercise', sequence: 1 },
      { id: 3, type: 'routine', sequence: 2 },
      { id: 9, type: 'exercise', sequence: 3 },
    ]);
    list = toggleSelection(list, 7, 'exercise', false);
    expect(list).toEqual([
      { id: 3, type: 'routine', sequence: 1 },
      { id: 9, type: 'exercise', sequence: 2 },
    ]);
    // The same id as another type is a different item; re-checking does not move an item.
    list = toggleSelection(list, 3, 'exercise', true);
    list = toggleSelection(list, 3, 'routine', true);
    expect(list).toEqual([
      { id: 3, type: 'routine', sequence: 1 },
      { id: 9, type: 'exercise', sequence: 2 },
      { id: 3, type: 'exercise', sequence: 3 },
    ]);
    expect(isSelected(list, 3, 'exercise')).toBe(true);
    expect(isSelected(list, 7, 'exercise')).toBe(false);
    expect(toggleSelection(list, 42, 'routine', false)).toEqual(list);
  });
});

describe('WorkoutCalendar', () => {
  function renderCalendar(marks: Record<string, boolean>) {
    return render(
      <WorkoutCalendar
        selectedKey="2026-11-10"
        todayKey="2026-11-23"
        activeStartDate={new Date(2026, 10, 1)}
        onNavigate={() => undefined}
        onSelect={() => undefined}
        marks={new Map(Object.entries(marks))}
      />,
    );
  }

  it('shows YYYY.MM, day numbers only and no double-step buttons', () => {
    renderCalendar({});
    expect(screen.getByRole('button', { name: '2026.11' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /2026년 11월 20일/ })).toHaveTextContent(/^20$/);
    expect(screen.queryByText('20일')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '이전 달' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다음 달' })).toBeInTheDocument();
    expect(document.querySelector('.react-calendar__navigation__prev2-button')).toBeNull();
    expect(document.querySelector('.react-calendar__navigation__next2-button')).toBeNull();
  });

  it('draws a filled dot for True, an outlined dot for False, and names them', () => {
    renderCalendar({ '2026-11-03': true, '2026-11-05': false });
    const done = screen.getByRole('button', { name: /2026년 11월 3일/ });
    const open = screen.getByRole('button', { name: /2026년 11월 5일/ });
    const none = screen.getByRole('button', { name: /2026년 11월 4일/ });
    expect(done).toHaveAccessibleName('2026년 11월 3일 완료');
    expect(open).toHaveAccessibleName('2026년 11월 5일 미완료');
    expect(done.querySelector('[data-mark]')).toHaveAttribute('data-mark', 'done');
    expect(done.querySelector('[data-mark]')).toHaveClass('dotDone');
    expect(open.querySelector('[data-mark]')).toHaveAttribute('data-mark', 'open');
    expect(open.querySelector('[data-mark]')).toHaveClass('dotOpen');
    expect(none.querySelector('[data-mark]')).toBeNull();
  });

  it('highlights the Seoul today and the selected day', () => {
    renderCalendar({});
    expect(screen.getByRole('button', { name: /2026년 11월 23일/ })).toHaveClass('today');
    expect(screen.getByRole('button', { name: /2026년 11월 10일/ })).toHaveClass('selected');
  });
});

describe('DayLogPanel', () => {
  const noop = () => undefined;
  const MONTH = 'GET /api/today/yearAndMonth/2026/11';
  /** The month list naming DATE (the day is fetched only when it is listed). */
  const listed = { [MONTH]: { body: [{ localDate: DATE, checkBox: 'False' }] } };

  it('shows the heading, the exercises by sequence with numbered sets, and hides a weight of 0', async () => {
    mockFetch({ ...listed, [`GET /api/today/date/${DATE}`]: { body: today() } });
    renderWithApp(<DayLogPanel date={DATE} onAdd={noop} onEdit={noop} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(`${DATE} 운동 일지`);
    const names = await screen.findAllByRole('heading', { level: 3 });
    expect(names.map((name) => name.textContent)).toEqual(['1스쿼트', '2크런치']);
    const squat = names[0].parentElement as HTMLElement;
    const crunch = names[1].parentElement as HTMLElement;
    // Each set's row: its kind badge (a working set shows its number), then weight and reps, in
    // inputs; a weight of 0 is an empty input.
    const values = (entry: HTMLElement) =>
      Array.from(entry.querySelectorAll('li')).map((li) => [
        li.querySelector('button')?.textContent,
        li.querySelector('button')?.getAttribute('aria-label'),
        ...Array.from(li.querySelectorAll('input')).map((input) => input.value),
      ]);
    expect(values(squat)).toEqual([
      ['1', '1세트 종류: 일반 세트 1', '100', '5'],
      ['2', '2세트 종류: 일반 세트 2', '110', '3'],
    ]);
    expect(values(crunch)).toEqual([['1', '1세트 종류: 일반 세트 1', '', '20']]);
    expect(within(squat).getByRole('textbox', { name: '1세트 무게' })).toHaveAttribute(
      'inputmode',
      'decimal',
    );
    expect(within(crunch).getByRole('button', { name: '크런치 세트 추가' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: '완료' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: '추가' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '수정' })).toBeEnabled();
  });

  it('shows a date the month does not list as empty without asking for it (the original 500s)', async () => {
    const { calls } = mockFetch({
      [MONTH]: { body: [{ localDate: '2026-11-02', checkBox: 'True' }] },
      [`GET /api/today/date/${DATE}`]: { status: 500, body: null },
    });
    renderWithApp(<DayLogPanel date={DATE} onAdd={noop} onEdit={noop} />);
    expect(await screen.findByText('운동 기록이 없습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('운동 일지를 불러오지 못했습니다.')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '수정' })).toBeDisabled();
    expect(calls.map((call) => call.url)).not.toContain(`/api/today/date/${DATE}`);
  });

  it('treats a 404 for a listed date as a day without a record', async () => {
    const { calls } = mockFetch(listed);
    renderWithApp(<DayLogPanel date={DATE} onAdd={noop} onEdit={noop} />);
    expect(await screen.findByText('운동 기록이 없습니다.')).toBeInTheDocument();
    expect(screen.queryByText('운동 일지를 불러오지 못했습니다.')).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain(`/api/today/date/${DATE}`);
  });

  it('shows an inline error with retry when the month fails to load', async () => {
    mockFetch({ [MONTH]: { status: 500, body: null } });
    renderWithApp(<DayLogPanel date={DATE} onAdd={noop} onEdit={noop} />);
    expect(await screen.findByText('운동 일지를 불러오지 못했습니다.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('shows an inline error with retry when the day fails to load', async () => {
    mockFetch({ ...listed, [`GET /api/today/date/${DATE}`]: { status: 500, body: null } });
    renderWithApp(<DayLogPanel date={DATE} onAdd={noop} onEdit={noop} />);
    expect(await screen.findByText('운동 일지를 불러오지 못했습니다.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('ticks 완료 at once, and reverts with a toast when the server refuses', async () => {
    const user = userEvent.setup();
    const { fetch } = mockFetch({
      ...listed,
      [`GET /api/today/date/${DATE}`]: { body: today() },
      'POST /api/today/checkbox/21?checked=true': {
        status: 500,
        body: { code: '500', message: '서버 오류', data: null, timestamp: 't', path: null },
      },
    });
    // Hold the checkbox call until the test lets it go.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const routed = fetch.getMockImplementation() as (url: string, init?: RequestInit) => unknown;
    fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/today/checkbox/')) await gate;
      return routed(url, init);
    });

    renderWithApp(<DayLogPanel date={DATE} onAdd={noop} onEdit={noop} />);
    const box = await screen.findByRole('checkbox', { name: '완료' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    expect(fetch).toHaveBeenCalledWith(
      '/api/today/checkbox/21?checked=true',
      expect.objectContaining({ method: 'POST' }),
    );
    await act(async () => {
      release();
    });
    await waitFor(() => expect(box).not.toBeChecked());
    expect(await screen.findByRole('alert')).toHaveTextContent('서버 오류');
  });

  it('ticks a set at once, before the server answers, and reverts with a toast when refused', async () => {
    const user = userEvent.setup();
    const { fetch } = mockFetch({
      ...listed,
      [`GET /api/today/date/${DATE}`]: { body: today() },
      'PATCH /api/todayExercise/set/89': {
        status: 500,
        body: { code: '500', message: '서버 오류', data: null, timestamp: 't', path: null },
      },
    });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const routed = fetch.getMockImplementation() as (url: string, init?: RequestInit) => unknown;
    fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/todayExercise/set/')) await gate;
      return routed(url, init);
    });

    renderWithApp(<DayLogPanel date={DATE} onAdd={noop} onEdit={noop} />);
    const squat = (await screen.findByRole('heading', { name: '스쿼트' }))
      .parentElement as HTMLElement;
    const tick = within(squat).getByRole('button', { name: '1세트 완료' });
    expect(tick).toHaveAttribute('aria-pressed', 'false');
    await user.click(tick);
    // The outbox's overlay shows it in the tap's own render: nothing else to make optimistic.
    expect(tick).toHaveAttribute('aria-pressed', 'true');
    expect(within(squat).getByRole('button', { name: '2세트 완료' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/todayExercise/set/89',
        expect.objectContaining({ method: 'PATCH' }),
      ),
    );
    await act(async () => {
      release();
    });
    await waitFor(() => expect(tick).toHaveAttribute('aria-pressed', 'false'));
    expect(await screen.findByRole('alert')).toHaveTextContent('서버 오류');
  });

  it('keeps a set ticked without a connection, queued in the outbox', async () => {
    const user = userEvent.setup();
    const { fetch } = mockFetch({
      ...listed,
      [`GET /api/today/date/${DATE}`]: { body: today() },
    });
    const routed = fetch.getMockImplementation() as (url: string, init?: RequestInit) => unknown;
    fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/todayExercise/set/')) throw new TypeError('Failed to fetch');
      return routed(url, init);
    });

    renderWithApp(<DayLogPanel date={DATE} onAdd={noop} onEdit={noop} />);
    const squat = (await screen.findByRole('heading', { name: '스쿼트' }))
      .parentElement as HTMLElement;
    const tick = within(squat).getByRole('button', { name: '2세트 완료' });
    await user.click(tick);
    expect(tick).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(dayOutbox().getSnapshot().online).toBe(false));
    expect(tick).toHaveAttribute('aria-pressed', 'true');
    expect(pendingCount(dayOutbox().getSnapshot())).toBe(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the new state when the server agrees', async () => {
    const user = userEvent.setup();
    // The server's day, as the checkbox call changes it (the day is read again afterwards).
    let checkBox: CheckBox = 'True';
    const { calls } = mockFetch({
      ...listed,
      [`GET /api/today/date/${DATE}`]: () => ({ body: today({ checkBox }) }),
      'POST /api/today/checkbox/21?checked=false': () => {
        checkBox = 'False';
        return { body: 'update checkbox' };
      },
    });
    renderWithApp(<DayLogPanel date={DATE} onAdd={noop} onEdit={noop} />);
    const box = await screen.findByRole('checkbox', { name: '완료' });
    expect(box).toBeChecked();
    await user.click(box);
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/today/checkbox/21?checked=false')).toBe(true),
    );
    expect(box).not.toBeChecked();
    // Read again once the server agreed, and still what the member chose.
    await waitFor(() =>
      expect(calls.filter((call) => call.url === `/api/today/date/${DATE}`)).toHaveLength(2),
    );
    expect(box).not.toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
