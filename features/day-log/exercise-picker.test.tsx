import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { mockFetch, renderWithApp, writes } from '@/testing/test-helpers';

import { AddDialog } from './add-dialog';
import { matchesQuery } from './exercise-search';

const DATE = '2026-11-23';
const MONTH = 'GET /api/today/yearAndMonth/2026/11';

const exercises = [
  {
    id: 7,
    name: '스쿼트',
    memo: '',
    classification: 'LOWERBODY',
    repWeightList: [{ id: 1, reps: 5, weight: 100 }],
    catalogueKey: null,
  },
  {
    id: 9,
    name: '크런치',
    memo: '',
    classification: 'ABS',
    repWeightList: [{ id: 2, reps: 20, weight: 0 }],
  },
];

const catalogue = [
  {
    key: 'bench-press-barbell',
    name: '벤치프레스',
    classification: 'CHEST',
    equipment: 'BARBELL',
    english: 'Bench Press (Barbell)',
    aliases: ['벤치 프레스'],
  },
  {
    key: 'squat-barbell',
    name: '스쿼트',
    classification: 'LOWERBODY',
    equipment: 'BARBELL',
    english: 'Squat (Barbell)',
    aliases: [],
  },
  {
    key: 'lat-pulldown-cable',
    name: '랫풀다운',
    classification: 'BACK',
    equipment: 'CABLE',
    english: 'Lat Pulldown (Cable)',
    aliases: [],
  },
];

const benchExercise = {
  id: 20,
  name: '벤치프레스',
  memo: null,
  classification: 'CHEST',
  repWeightList: [
    { id: 5, reps: 10, weight: 0 },
    { id: 6, reps: 10, weight: 0 },
    { id: 7, reps: 10, weight: 0 },
  ],
  restSeconds: null,
  catalogueKey: 'bench-press-barbell',
};

function names(container: HTMLElement): string[] {
  return within(container)
    .queryAllByRole('checkbox')
    .map((box) => box.closest('label')?.querySelector('span span')?.textContent ?? '');
}

// The sheet renders many rows; this busy test machine needs more than the default 5 s.
jest.setTimeout(30_000);

describe('matchesQuery', () => {
  it('finds names by Korean, English and 초성, ignoring spaces and case', () => {
    const bench = ['벤치프레스', 'Bench Press (Barbell)', '벤치 프레스'];
    expect(matchesQuery(bench, '')).toBe(true);
    expect(matchesQuery(bench, '벤치 프')).toBe(true);
    expect(matchesQuery(bench, 'bench press')).toBe(true);
    expect(matchesQuery(bench, 'BENCHPRESS')).toBe(true);
    expect(matchesQuery(bench, 'ㅂㅊㅍ')).toBe(true);
    expect(matchesQuery(bench, 'ㅅㅋ')).toBe(false);
    expect(matchesQuery(bench, '스쿼트')).toBe(false);
  });
});

describe('ExercisePicker in the add sheet', () => {
  it('lists recent, own and (on request) catalogue exercises, searches and filters by body part', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/member/exercises': { body: exercises },
      'GET /api/member/exercises/recent': {
        body: [{ id: 9, name: '크런치', lastDate: '2026-11-20' }],
      },
      'GET /api/exercise/catalogue': { body: catalogue },
      'GET /api/member/routines': { body: [] },
    });
    renderWithApp(<AddDialog date={DATE} onClose={() => undefined} />);
    const panel = await screen.findByRole('tabpanel', { name: '운동' });
    const recent = await within(panel).findByRole('region', { name: '최근 운동' });
    expect(names(recent)).toEqual(['크런치']);
    expect(names(within(panel).getByRole('region', { name: '내 운동' }))).toEqual(['스쿼트']);
    // The catalogue waits behind a button; the member's own 스쿼트 is not offered twice.
    expect(within(panel).queryByRole('region', { name: '카탈로그' })).toBeNull();
    await user.click(await within(panel).findByRole('button', { name: '카탈로그 운동 2개 보기' }));
    expect(names(within(panel).getByRole('region', { name: '카탈로그' }))).toEqual([
      '벤치프레스',
      '랫풀다운',
    ]);
    await user.click(within(panel).getByRole('button', { name: '카탈로그 접기' }));

    // 초성 search reaches the catalogue.
    const search = within(panel).getByRole('searchbox', { name: '운동 검색' });
    await user.type(search, 'ㅂㅊ');
    expect(within(panel).queryByRole('region', { name: '내 운동' })).toBeNull();
    expect(names(within(panel).getByRole('region', { name: '카탈로그' }))).toEqual(['벤치프레스']);
    await user.clear(search);
    await user.type(search, 'lat pull');
    expect(names(panel)).toEqual(['랫풀다운']);
    await user.clear(search);
    await user.type(search, '없는운동');
    expect(names(panel)).toEqual([]);
    expect(panel).toHaveTextContent('찾는 운동이 없습니다.');
    await user.clear(search);

    // Chips: one body part at a time; 전체 back.
    const chips = within(panel).getByRole('group', { name: '운동 부위로 거르기' });
    await user.click(within(chips).getByRole('button', { name: '하체' }));
    expect(within(chips).getByRole('button', { name: '하체' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(names(panel)).toEqual(['스쿼트']);
    await user.click(within(chips).getByRole('button', { name: '복근' }));
    expect(names(panel)).toEqual(['크런치']);
    await user.click(within(chips).getByRole('button', { name: '전체' }));
    expect(names(panel)).toEqual(['크런치', '스쿼트']);
  });

  it('adds a catalogue exercise to the library on check, then saves it to the day', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const { calls } = mockFetch({
      'GET /api/member/exercises': { body: [] },
      'GET /api/member/exercises/recent': { body: [] },
      'GET /api/exercise/catalogue': { body: catalogue },
      'GET /api/member/routines': { body: [] },
      [MONTH]: { body: [{ localDate: DATE, checkBox: 'False' }] },
      'POST /api/exercise/catalogue/bench-press-barbell': {
        status: 201,
        body: { created: true, exercise: benchExercise },
      },
      [`POST /api/todayExercise/${DATE}`]: { body: 'add todayExercise' },
    });
    renderWithApp(<AddDialog date={DATE} onClose={onClose} />);
    const panel = await screen.findByRole('tabpanel', { name: '운동' });
    // An empty library opens the catalogue at once: no dead end.
    expect(
      await within(panel).findByText(
        '아직 등록한 운동이 없습니다. 카탈로그에서 골라 바로 기록해 보세요.',
      ),
    ).toBeInTheDocument();
    await user.type(within(panel).getByRole('searchbox', { name: '운동 검색' }), '벤치');
    const box = within(panel).getByRole('checkbox', { name: /벤치프레스/ });
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(await screen.findByText('벤치프레스를 내 운동에 추가했습니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)).toEqual([
      { method: 'POST', url: '/api/exercise/catalogue/bench-press-barbell', body: null },
      {
        method: 'POST',
        url: `/api/todayExercise/${DATE}`,
        body: [{ id: 20, type: 'exercise', sequence: 1 }],
      },
    ]);
  });
});
