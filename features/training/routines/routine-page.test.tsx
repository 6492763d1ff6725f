import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { routinesRead } from '@/features/training/reads/routines';
import { ROUTINES_KEY } from '@/lib/api/keys';
import type { Exercise } from '@/lib/contract/exercise';
import type { Routine } from '@/lib/contract/routine';
import { seoulDateKey, yearMonthOfKey } from '@/lib/shared/dates';
import {
  mockFetch,
  renderServerFirst,
  renderWithApp,
  type Routes,
  writes,
} from '@/testing/test-helpers';

import { RoutinePage } from './routine-page';
import { buildRoutineExerciseCreate, nextSequenceStart } from './routine-sequence';

const push = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }),
}));

afterEach(() => push.mockReset());

const upper: Routine = {
  routineId: 3,
  routineName: '상체',
  routineExerciseDtoList: [
    {
      routineExerciseId: 11,
      sequence: 1,
      exerciseName: '벤치프레스',
      repWeightList: [
        { id: 40, reps: 5, weight: 100 },
        { id: 41, reps: 12, weight: 0 },
      ],
    },
    {
      routineExerciseId: 12,
      sequence: 4,
      exerciseName: '풀업',
      repWeightList: [{ id: 42, reps: 8, weight: 0 }],
    },
  ],
};
const empty: Routine = { routineId: 4, routineName: '하체', routineExerciseDtoList: [] };

const exercises: Exercise[] = [
  {
    id: 7,
    name: '스쿼트',
    memo: null,
    classification: 'LOWERBODY',
    repWeightList: [{ id: 1, reps: 5, weight: 80 }],
  },
  {
    id: 8,
    name: '런지',
    memo: null,
    classification: 'LOWERBODY',
    repWeightList: [{ id: 2, reps: 10, weight: 0 }],
  },
  {
    id: 9,
    name: '크런치',
    memo: null,
    classification: 'ABS',
    repWeightList: [{ id: 3, reps: 20, weight: 0 }],
  },
];

function routes(extra: Routes = {}): Routes {
  return {
    'GET /api/member/routines': { body: [upper, empty] },
    'GET /api/member/exercises': { body: exercises },
    ...extra,
  };
}

async function renderPage() {
  const user = userEvent.setup();
  renderWithApp(<RoutinePage />);
  await screen.findByRole('button', { name: /상체/ });
  return user;
}

describe('routine sequences', () => {
  it('starts after the highest existing sequence', () => {
    // The routines as the page reads them (mapped from the wire).
    const [upperView, emptyView] = routinesRead.toView([upper, empty]);
    expect(nextSequenceStart(upperView)).toBe(5);
    expect(nextSequenceStart(emptyView)).toBe(1);
    expect(buildRoutineExerciseCreate(upperView, [9, 7])).toEqual({
      routineId: 3,
      exerciseInfoList: [
        { exerciseId: 9, sequence: 5 },
        { exerciseId: 7, sequence: 6 },
      ],
    });
  });
});

describe('RoutinePage', () => {
  it('has the heading 루틴 목록 and expands a routine to its exercises and numbered sets', async () => {
    mockFetch(routes());
    const user = await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: '루틴 목록' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: /상체/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const bench = screen.getByRole('heading', { level: 3, name: /벤치프레스/ }).closest('li')!;
    const sets = within(bench).getAllByRole('listitem');
    expect(sets[0]).toHaveTextContent('1세트5회100kg');
    expect(sets[1]).toHaveTextContent('2세트12회');
    expect(sets[1]).not.toHaveTextContent('kg');
    const pullUp = screen.getByRole('heading', { level: 3, name: /풀업/ }).closest('li')!;
    expect(pullUp).not.toHaveTextContent('0kg');

    await user.click(screen.getByRole('button', { name: /하체/ }));
    expect(screen.getByText('운동이 없습니다.')).toBeInTheDocument();
  });

  it('add routine: a blank name shows 루틴 이름을 입력해주세요. and sends nothing', async () => {
    const { calls } = mockFetch(routes());
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '루틴 추가' }));
    const dialog = screen.getByRole('dialog', { name: '루틴 추가' });
    await user.type(within(dialog).getByLabelText('루틴명'), '   ');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(dialog).getByText('루틴 이름을 입력해주세요.')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('add routine: sends the trimmed name and refreshes the list', async () => {
    let list = [upper];
    const { calls } = mockFetch({
      ...routes(),
      'GET /api/member/routines': () => ({ body: list }),
      'POST /api/routine?name=%EC%A0%84%EC%8B%A0': () => {
        list = [upper, { routineId: 5, routineName: '전신', routineExerciseDtoList: [] }];
        return { status: 201, body: '루틴을 생성했습니다.' };
      },
    });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '루틴 추가' }));
    await user.type(screen.getByLabelText('루틴명'), ' 전신 ');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByRole('button', { name: /전신/ })).toBeInTheDocument();
    expect(writes(calls).map((call) => call.method + ' ' + call.url)).toEqual([
      'POST /api/routine?name=%EC%A0%84%EC%8B%A0',
    ]);
  });

  it('adds checked exercises with sequences after the highest existing one', async () => {
    const { calls } = mockFetch({
      ...routes(),
      'POST /api/routineExercise': { body: 'RoutineExercise created' },
    });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: /상체/ }));
    await user.click(screen.getByRole('button', { name: '운동 추가' }));
    const dialog = screen.getByRole('dialog', { name: '운동 추가' });
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(dialog).getByText('추가할 운동을 선택해주세요.')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    await user.click(await within(dialog).findByRole('checkbox', { name: /크런치/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /스쿼트/ }));
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/routineExercise',
        body: {
          routineId: 3,
          exerciseInfoList: [
            { exerciseId: 9, sequence: 5 },
            { exerciseId: 7, sequence: 6 },
          ],
        },
      },
    ]);
  });

  it('edit: invalid reps block the save; a valid save sends sequences 1..n and the sets', async () => {
    const { calls } = mockFetch({
      ...routes(),
      'DELETE /api/routineExercise/12': { status: 204 },
      'PATCH /api/routineExercise/updateSequence/3': { body: 'update sequence' },
      'PATCH /api/routineExercise/update/3': { body: 'update RepWeight' },
    });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: /상체/ }));
    await user.click(screen.getByRole('button', { name: '수정' }));
    const dialog = screen.getByRole('dialog', { name: '수정' });
    const bench = within(dialog).getByRole('group', { name: '벤치프레스 세트' });
    await user.clear(within(bench).getByLabelText('반복 횟수 (Set 1)'));
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(bench).getByText('반복 횟수를 정확히 입력해주세요.')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.type(within(bench).getByLabelText('반복 횟수 (Set 1)'), '6');
    await user.click(within(bench).getByRole('button', { name: '2세트 삭제' }));
    await user.click(within(dialog).getByRole('button', { name: '풀업 삭제' }));
    expect(
      within(dialog).getByRole('button', { name: '1번째 운동 벤치프레스 순서 변경' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([
      { method: 'DELETE', url: '/api/routineExercise/12', body: null },
      {
        method: 'PATCH',
        url: '/api/routineExercise/updateSequence/3',
        body: [{ routineExerciseId: 11, sequence: 1 }],
      },
      {
        method: 'PATCH',
        url: '/api/routineExercise/update/3',
        body: [
          { routineExerciseId: 11, sequence: 1, repWeightList: [{ id: 40, reps: 6, weight: 100 }] },
        ],
      },
    ]);
  });

  it("edit: shows the backend's field errors under the matching exercise", async () => {
    const { calls } = mockFetch({
      ...routes(),
      'PATCH /api/routineExercise/updateSequence/3': { body: 'update sequence' },
      'PATCH /api/routineExercise/update/3': {
        status: 400,
        body: {
          code: '400',
          message: '입력값이 올바르지 않습니다.',
          data: { '1.repWeightList.0.weight': '무게를 정확히 입력해주세요.' },
          timestamp: 't',
          path: null,
        },
      },
    });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: /상체/ }));
    await user.click(screen.getByRole('button', { name: '수정' }));
    const dialog = screen.getByRole('dialog', { name: '수정' });
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    const pullUp = within(dialog).getByRole('group', { name: '풀업 세트' });
    expect(await within(pullUp).findByText('무게를 정확히 입력해주세요.')).toBeInTheDocument();
    const bench = within(dialog).getByRole('group', { name: '벤치프레스 세트' });
    expect(within(bench).queryByText('무게를 정확히 입력해주세요.')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('입력값이 올바르지 않습니다.')).not.toBeInTheDocument();
    expect(writes(calls).map((call) => call.url)).toEqual([
      '/api/routineExercise/updateSequence/3',
      '/api/routineExercise/update/3',
    ]);
  });

  it('edit: catches reps and weight the backend would refuse before sending', async () => {
    const { calls } = mockFetch(routes());
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: /상체/ }));
    await user.click(screen.getByRole('button', { name: '수정' }));
    const dialog = screen.getByRole('dialog', { name: '수정' });
    const bench = within(dialog).getByRole('group', { name: '벤치프레스 세트' });
    const pullUp = within(dialog).getByRole('group', { name: '풀업 세트' });
    await user.type(within(bench).getByLabelText('반복 횟수 (Set 1)'), '.5');
    await user.type(within(pullUp).getByLabelText('무게 (Set 1)'), '20000');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(bench).getByText('반복 횟수를 정확히 입력해주세요.')).toBeInTheDocument();
    expect(within(pullUp).getByText('무게를 정확히 입력해주세요.')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('deletes a routine only after confirmation', async () => {
    const { calls } = mockFetch({ ...routes(), 'DELETE /api/routine/3': { status: 204 } });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: /상체/ }));
    await user.click(screen.getByRole('button', { name: '삭제' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveAccessibleDescription("'상체' 루틴을 삭제하시겠습니까?");
    await user.click(within(confirm).getByRole('button', { name: '삭제' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([{ method: 'DELETE', url: '/api/routine/3', body: null }]),
    );
  });
});

describe('RoutinePage from the server page', () => {
  it('shows the handed-over routines at once without asking again, and expands them', async () => {
    const { calls } = mockFetch(routes());
    // What the server page hands over: the routines mapped to the read's view.
    renderServerFirst(<RoutinePage />, { [ROUTINES_KEY]: routinesRead.toView([upper, empty]) });
    const toggle = screen.getByRole('button', { name: /상체/ });
    expect(screen.getByRole('button', { name: /하체/ })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual([]));

    const user = userEvent.setup();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { level: 3, name: '벤치프레스' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('RoutinePage: 오늘 시작 (issue 29)', () => {
  const today = seoulDateKey();
  const { year, month } = yearMonthOfKey(today);
  const MONTH = `GET /api/today/yearAndMonth/${year}/${month}`;
  const full: Routine = {
    routineId: 5,
    routineName: '전신',
    routineExerciseDtoList: ['벤치프레스', '스쿼트', '데드리프트', '풀업'].map((name, index) => ({
      routineExerciseId: 20 + index,
      sequence: index + 1,
      exerciseName: name,
      repWeightList: [{ id: 50 + index, reps: 5, weight: 60 }],
    })),
  };

  it('lists the exercise names on the collapsed cards', async () => {
    mockFetch(routes({ 'GET /api/member/routines': { body: [upper, empty, full] } }));
    await renderPage();
    expect(screen.getByRole('button', { name: /상체/ })).toHaveTextContent('벤치프레스 · 풀업');
    expect(screen.getByRole('button', { name: /전신/ })).toHaveTextContent(
      '벤치프레스 · 스쿼트 · 데드리프트 외 1개',
    );
    expect(screen.getByRole('button', { name: /하체/ })).toHaveTextContent('운동 0개');
    const cards = screen.getAllByRole('listitem');
    // An empty routine has nothing to start.
    expect(within(cards[1]).getByRole('button', { name: '오늘 시작' })).toBeDisabled();
    expect(within(cards[0]).getByRole('button', { name: '오늘 시작' })).toHaveAccessibleDescription(
      '상체를 오늘 운동 일지에 추가하고 홈으로 이동합니다.',
    );
  });

  it("creates today's record when the month does not list it, adds the routine and goes home", async () => {
    const { calls } = mockFetch(
      routes({
        [MONTH]: { body: [] },
        [`POST /api/today?date=${today}`]: {
          status: 201,
          body: `${today}의 Today를 생성했습니다.`,
        },
        [`POST /api/todayExercise/${today}`]: { body: 'add todayExercise' },
      }),
    );
    const user = await renderPage();
    const card = screen.getByRole('button', { name: /상체/ }).closest('li')!;
    await user.click(within(card).getByRole('button', { name: '오늘 시작' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/'));
    expect(writes(calls)).toEqual([
      { method: 'POST', url: `/api/today?date=${today}`, body: null },
      {
        method: 'POST',
        url: `/api/todayExercise/${today}`,
        body: [{ id: 3, type: 'routine', sequence: 1 }],
      },
    ]);
    expect(await screen.findByText('상체를 오늘 운동 일지에 추가했습니다.')).toBeInTheDocument();
  });

  it('appends to the record today already has', async () => {
    const { calls } = mockFetch(
      routes({
        'GET /api/member/routines': { body: [full] },
        [MONTH]: { body: [{ localDate: today, checkBox: 'False' }] },
        [`POST /api/todayExercise/${today}`]: { body: 'add todayExercise' },
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<RoutinePage />);
    await user.click(await screen.findByRole('button', { name: '오늘 시작' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/'));
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        url: `/api/todayExercise/${today}`,
        body: [{ id: 5, type: 'routine', sequence: 1 }],
      },
    ]);
    expect(await screen.findByText('전신을 오늘 운동 일지에 추가했습니다.')).toBeInTheDocument();
  });

  it('is disabled while it runs and reports a failure without leaving the page', async () => {
    mockFetch(
      routes({
        [MONTH]: { body: [{ localDate: today, checkBox: 'False' }] },
        [`POST /api/todayExercise/${today}`]: {
          status: 400,
          body: {
            code: '400',
            message: '잘못된 요청입니다.',
            data: null,
            timestamp: 't',
            path: null,
          },
        },
      }),
    );
    // The add is held until the button has been seen disabled.
    const routed = global.fetch;
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    global.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'POST') await held;
      return routed(url, init);
    }) as unknown as typeof fetch;
    const user = await renderPage();
    const card = screen.getByRole('button', { name: /상체/ }).closest('li')!;
    await user.click(within(card).getByRole('button', { name: '오늘 시작' }));
    expect(await within(card).findByRole('button', { name: '시작 중...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('잘못된 요청입니다.');
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: '오늘 시작' })).toBeEnabled(),
    );
    expect(push).not.toHaveBeenCalled();
  });
});
