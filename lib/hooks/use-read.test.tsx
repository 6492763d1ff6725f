import { act, screen, waitFor } from '@testing-library/react';

import { CLASSIFICATIONS_KEY, EXERCISES_KEY } from '@/lib/api/keys';
import type { ClassificationMap, Exercise } from '@/lib/contract/exercise';
import { defineRead } from '@/lib/reads/define';
import { mockFetch, renderServerFirst, renderWithApp, settle } from '@/testing/test-helpers';

import { useRead } from './use-read';

const bench: Exercise = {
  id: 1,
  name: '벤치프레스',
  memo: null,
  classification: 'CHEST',
  repWeightList: [],
} as unknown as Exercise;

/** Two reads shaped like the app's (the hook is generic; the features' own reads are tested beside them). */
const exercisesRead = defineRead({
  key: () => EXERCISES_KEY,
  schema: async () => (await import('@/lib/contract/exercise')).exerciseListSchema,
  toView: (exercises: Exercise[]) => exercises,
});
const classificationsRead = defineRead({
  key: () => CLASSIFICATIONS_KEY,
  schema: async () => (await import('@/lib/contract/exercise')).classificationMapSchema,
  toView: (map: ClassificationMap) => ({
    options: Object.entries(map).map(([label, value]) => ({ label, value })),
  }),
  swr: { revalidateOnFocus: false, revalidateIfStale: false },
});

function ExerciseNames() {
  const { data, error } = useRead(exercisesRead, []);
  if (error) return <p>오류</p>;
  return <p>{data ? data.map((exercise) => exercise.name).join(', ') || '없음' : '…'}</p>;
}

function ChestLabel() {
  const { data } = useRead(classificationsRead, []);
  return <p>{data?.options.find((option) => option.value === 'CHEST')?.label ?? '…'}</p>;
}

function Waiting() {
  const { data, isLoading } = useRead(exercisesRead, null);
  return <p>{data === undefined && !isLoading ? '대기' : '읽는 중'}</p>;
}

/**
 * A window focus as the browser sends it when the member comes back to the tab, past SWR's focus
 * throttle (a focus within 5 s of the mount is not a new visit).
 */
async function focusWindow() {
  const later = Date.now() + 6000;
  jest.spyOn(Date, 'now').mockReturnValue(later);
  await act(async () => {
    window.dispatchEvent(new Event('focus'));
  });
}

afterEach(() => jest.restoreAllMocks());

describe('useRead', () => {
  it("shows the server's fallback on the first render and asks nothing at hydration", async () => {
    const { calls } = mockFetch({});
    renderServerFirst(<ExerciseNames />, { [EXERCISES_KEY]: [bench] });
    expect(screen.getByText('벤치프레스')).toBeInTheDocument();
    await settle();
    expect(calls).toEqual([]);
  });

  it('fetches, validates and maps what the page did not hand over', async () => {
    const { calls } = mockFetch({ 'GET /api/member/exercises': { body: [bench] } });
    renderWithApp(<ExerciseNames />);
    expect(await screen.findByText('벤치프레스')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
      'GET /api/member/exercises',
    );
  });

  it('refuses an answer of the wrong shape (the schema is the read’s)', async () => {
    mockFetch({ 'GET /api/member/exercises': { body: [{ id: 'one' }] } });
    renderWithApp(<ExerciseNames />);
    expect(await screen.findByText('오류')).toBeInTheDocument();
  });

  it('revalidates on focus after a server-first hydration, as SWR does for the other reads', async () => {
    const { calls } = mockFetch({
      'GET /api/member/exercises': { body: [bench, { ...bench, id: 2, name: '스쿼트' }] },
    });
    renderServerFirst(<ExerciseNames />, { [EXERCISES_KEY]: [bench] });
    await settle();
    expect(calls).toEqual([]);
    await focusWindow();
    expect(await screen.findByText('벤치프레스, 스쿼트')).toBeInTheDocument();
  });

  it("keeps a read's own options: the body parts are not asked again on focus", async () => {
    const { calls } = mockFetch({ 'GET /api/enum/classification': { body: { 가슴: 'CHEST' } } });
    renderServerFirst(<ChestLabel />, {
      [CLASSIFICATIONS_KEY]: classificationsRead.toView({ '가슴 (서버)': 'CHEST' }),
    });
    expect(screen.getByText('가슴 (서버)')).toBeInTheDocument();
    await focusWindow();
    await settle();
    expect(calls).toEqual([]);
  });

  it('asks nothing while its arguments are not known yet (null)', async () => {
    const { calls } = mockFetch({});
    renderWithApp(<Waiting />);
    await settle();
    expect(screen.getByText('대기')).toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual([]));
  });
});
