import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { classificationsRead } from '@/features/training/reads/exercises';
import { CLASSIFICATIONS_KEY, EXERCISES_KEY } from '@/lib/api/keys';
import type { ClassificationMap, Exercise } from '@/lib/contract/exercise';
import {
  mockFetch,
  renderServerFirst,
  renderWithApp,
  type Routes,
  writes,
} from '@/testing/test-helpers';

import { groupByClassification } from './exercise-groups';
import { ExercisePage } from './exercise-page';

const classificationMap: ClassificationMap = {
  삼두: 'TRICEPS',
  이두: 'BICEPS',
  가슴: 'CHEST',
  등: 'BACK',
  어깨: 'SHOULDER',
  복근: 'ABS',
  하체: 'LOWERBODY',
};

function exercise(overrides: Partial<Exercise> = {}): Exercise {
  return {
    id: 1,
    name: '벤치프레스',
    memo: '가슴 운동',
    classification: 'CHEST',
    repWeightList: [{ id: 11, reps: 10, weight: 60 }],
    ...overrides,
  };
}

function routes(exercises: Exercise[], extra: Routes = {}): Routes {
  return {
    'GET /api/member/exercises': { body: exercises },
    'GET /api/enum/classification': { body: classificationMap },
    'GET /api/member/routines': { body: [] },
    ...extra,
  };
}

async function openAdd() {
  const user = userEvent.setup();
  renderWithApp(<ExercisePage />);
  await screen.findByRole('heading', { level: 1, name: '운동' });
  await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  await user.click(screen.getAllByRole('button', { name: '운동 추가' })[0]);
  return { user, dialog: screen.getByRole('dialog', { name: '운동 추가' }) };
}

describe('groupByClassification', () => {
  it('orders groups CHEST, BACK, SHOULDER, BICEPS, TRICEPS, LOWERBODY, ABS and drops empty ones', () => {
    const list = [
      exercise({ id: 1, classification: 'ABS' }),
      exercise({ id: 2, classification: 'LOWERBODY' }),
      exercise({ id: 3, classification: 'CHEST' }),
      exercise({ id: 4, classification: 'TRICEPS' }),
      exercise({ id: 5, classification: 'BACK' }),
      exercise({ id: 6, classification: 'CHEST' }),
    ];
    const groups = groupByClassification(list);
    expect(groups.map((group) => group.label)).toEqual(['가슴', '등', '삼두', '하체', '복근']);
    expect(groups[0].exercises.map((item) => item.id)).toEqual([3, 6]);
  });

  it('is empty for no exercises', () => {
    expect(groupByClassification([])).toEqual([]);
  });
});

describe('ExercisePage', () => {
  it('shows the groups as Korean headings in the fixed order, only non-empty ones', async () => {
    mockFetch(
      routes([
        exercise({ id: 1, name: '크런치', classification: 'ABS', memo: null }),
        exercise({ id: 2, name: '스쿼트', classification: 'LOWERBODY' }),
        exercise({ id: 3, name: '풀업', classification: 'BACK' }),
        exercise({ id: 4, name: '벤치프레스', classification: 'CHEST' }),
      ]),
    );
    renderWithApp(<ExercisePage />);
    await screen.findByText('크런치');
    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.firstChild?.textContent);
    expect(headings).toEqual(['가슴', '등', '하체', '복근']);
    const chest = screen.getByRole('region', { name: /가슴/ });
    expect(within(chest).getByText('벤치프레스')).toBeInTheDocument();
    expect(within(chest).getByText('가슴 운동')).toBeInTheDocument();
    expect(within(chest).getByText('10회')).toBeInTheDocument();
    expect(within(chest).getByText('60kg')).toBeInTheDocument();
  });

  it('shows an empty state when there are no exercises', async () => {
    mockFetch(routes([]));
    renderWithApp(<ExercisePage />);
    expect(await screen.findByText('아직 등록한 운동이 없습니다.')).toBeInTheDocument();
  });

  it('shows a load error with a retry button', async () => {
    let fail = true;
    mockFetch({
      ...routes([]),
      'GET /api/member/exercises': () =>
        fail
          ? {
              status: 500,
              body: {
                code: '500',
                message: '서버 오류가 발생했습니다.',
                data: null,
                timestamp: 't',
                path: null,
              },
            }
          : { body: [exercise()] },
    });
    const user = userEvent.setup();
    renderWithApp(<ExercisePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('운동 목록을 불러오지 못했습니다.');
    fail = false;
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('벤치프레스')).toBeInTheDocument();
  });

  it('blank name: shows 운동 이름을 입력해주세요. and sends nothing', async () => {
    const { calls } = mockFetch(routes([]));
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText('반복 횟수 (Set 1)'), '10');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(dialog).getByText('운동 이름을 입력해주세요.')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it.each([
    ['empty', ''],
    ['0', '0'],
  ])('reps %s: shows 반복 횟수를 정확히 입력해주세요. and sends nothing', async (_, reps) => {
    const { calls } = mockFetch(routes([]));
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText('운동명'), '벤치프레스');
    if (reps) await user.type(within(dialog).getByLabelText('반복 횟수 (Set 1)'), reps);
    await user.type(within(dialog).getByLabelText('무게 (Set 1)'), '60');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(dialog).getByText('반복 횟수를 정확히 입력해주세요.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('반복 횟수 (Set 1)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(writes(calls)).toEqual([]);
  });

  it('no sets: shows 운동 세트를 입력해주세요. and sends nothing', async () => {
    const { calls } = mockFetch(routes([]));
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText('운동명'), '벤치프레스');
    await user.click(within(dialog).getByRole('button', { name: '1세트 삭제' }));
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(dialog).getByText('운동 세트를 입력해주세요.')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('saves a valid exercise (empty weight = 0, default 가슴) and refreshes the list', async () => {
    let saved: Exercise[] = [];
    const { calls } = mockFetch({
      ...routes([]),
      'GET /api/member/exercises': () => ({ body: saved }),
      'POST /api/exercise': () => {
        saved = [exercise({ id: 9, name: '인클라인 프레스', memo: '', repWeightList: [] })];
        return { status: 201, body: '운동을 저장했습니다.' };
      },
    });
    const { user, dialog } = await openAdd();
    expect(within(dialog).getByLabelText('운동 부위')).toHaveValue('CHEST');
    expect(within(dialog).getByRole('option', { name: '가슴' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('반복 횟수 (Set 1)')).toHaveAttribute(
      'inputmode',
      'numeric',
    );
    await user.type(within(dialog).getByLabelText('운동명'), '  인클라인 프레스 ');
    await user.type(within(dialog).getByLabelText('반복 횟수 (Set 1)'), '12');
    await user.click(within(dialog).getByRole('button', { name: '세트 추가' }));
    await user.type(within(dialog).getByPlaceholderText('반복 횟수 (Set 2)'), '8');
    await user.type(within(dialog).getByPlaceholderText('무게 (Set 2)'), '62.5');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByText('인클라인 프레스')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/exercise',
        body: {
          name: '인클라인 프레스',
          memo: '',
          classification: 'CHEST',
          repWeightList: [
            { reps: 12, weight: 0 },
            { reps: 8, weight: 62.5 },
          ],
        },
      },
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('운동을 저장했습니다.');
  });

  it('a failed save keeps the modal open and shows the field message from the 400 answer', async () => {
    mockFetch({
      ...routes([]),
      'POST /api/exercise': {
        status: 400,
        body: {
          code: '400',
          message: '입력값이 올바르지 않습니다.',
          data: { name: '운동 이름은 100자 이하로 입력해주세요.' },
          timestamp: 't',
          path: null,
        },
      },
    });
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText('운동명'), '벤치');
    await user.type(within(dialog).getByLabelText('반복 횟수 (Set 1)'), '5');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(
      await within(dialog).findByText('운동 이름은 100자 이하로 입력해주세요.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '운동 추가' })).toBeInTheDocument();
  });

  it('a failed save without field messages shows a general error', async () => {
    mockFetch({ ...routes([]), 'POST /api/exercise': { status: 500, body: 'oops' } });
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText('운동명'), '벤치');
    await user.type(within(dialog).getByLabelText('반복 횟수 (Set 1)'), '5');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '운동을 저장하지 못했습니다.',
    );
  });

  it('edits an exercise (set ids kept, cleared weight = 0) and deletes after confirmation', async () => {
    const { calls } = mockFetch({
      ...routes([exercise()]),
      'PATCH /api/exercise/1': { body: '운동을 수정했습니다.' },
      'DELETE /api/exercise/1': { body: '운동을 삭제했습니다.' },
    });
    const user = userEvent.setup();
    renderWithApp(<ExercisePage />);
    await user.click(await screen.findByRole('button', { name: /벤치프레스/ }));
    let dialog = screen.getByRole('dialog', { name: '운동 수정' });
    expect(within(dialog).getByLabelText('운동명')).toHaveValue('벤치프레스');
    await user.clear(within(dialog).getByLabelText('무게 (Set 1)'));
    await user.selectOptions(within(dialog).getByLabelText('운동 부위'), '어깨');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)[0]).toEqual({
      method: 'PATCH',
      url: '/api/exercise/1',
      body: {
        name: '벤치프레스',
        memo: '가슴 운동',
        classification: 'SHOULDER',
        repWeightList: [{ id: 11, reps: 10, weight: 0 }],
      },
    });

    await user.click(screen.getByRole('button', { name: /벤치프레스/ }));
    dialog = screen.getByRole('dialog', { name: '운동 수정' });
    await user.click(within(dialog).getByRole('button', { name: '삭제' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveAccessibleDescription("'벤치프레스' 운동을 삭제하시겠습니까?");
    await user.click(within(confirm).getByRole('button', { name: '취소' }));
    expect(writes(calls)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: '삭제' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({ method: 'DELETE', url: '/api/exercise/1' });
  });
});

describe('ExercisePage from the server page', () => {
  it('shows the handed-over groups at once, asks for neither list again, and refreshes after a save', async () => {
    let list = [exercise({ id: 1, name: '벤치프레스', classification: 'CHEST' })];
    const { calls } = mockFetch(
      routes([], {
        'GET /api/member/exercises': () => ({ body: list }),
        'POST /api/exercise': () => {
          list = [...list, exercise({ id: 2, name: '크런치', classification: 'ABS' })];
          return { status: 201, body: null };
        },
      }),
    );
    renderServerFirst(<ExercisePage />, {
      [EXERCISES_KEY]: list,
      // What the server page hands over: the labels mapped to the read's view.
      [CLASSIFICATIONS_KEY]: classificationsRead.toView({
        ...classificationMap,
        'Chest (서버)': 'CHEST',
      }),
    });
    // The first render holds the library, headed with the server's labels.
    const chest = screen.getByRole('region', { name: /Chest \(서버\)/ });
    expect(within(chest).getByText('벤치프레스')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual([]));

    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: '운동 추가' })[0]);
    const dialog = screen.getByRole('dialog', { name: '운동 추가' });
    await user.type(within(dialog).getByLabelText('운동명'), '크런치');
    await user.type(within(dialog).getByLabelText('반복 횟수 (Set 1)'), '20');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByRole('region', { name: /복근/ })).toHaveTextContent('크런치');
  });

  it('links each card to its exercise history, named with the exercise', async () => {
    mockFetch(
      routes([
        exercise({ id: 1, name: '벤치프레스', classification: 'CHEST' }),
        exercise({ id: 4, name: '스쿼트', classification: 'LOWERBODY' }),
      ]),
    );
    renderWithApp(<ExercisePage />);
    const link = await screen.findByRole('link', { name: '벤치프레스 기록 보기' });
    expect(link).toHaveAttribute('href', '/exercise/1');
    expect(link).toHaveTextContent('기록 보기');
    expect(screen.getByRole('link', { name: '스쿼트 기록 보기' })).toHaveAttribute(
      'href',
      '/exercise/4',
    );
    // The link sits beside the card's button, not inside it: the card still opens the editor.
    expect(screen.getByRole('button', { name: /벤치프레스/ })).not.toContainElement(link);
  });
});
