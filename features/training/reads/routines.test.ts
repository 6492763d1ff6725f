import { routinesRead } from './routines';

const wire = [
  {
    routineId: 3,
    routineName: '상체',
    routineExerciseDtoList: [
      {
        routineExerciseId: 11,
        sequence: 1,
        exerciseName: '벤치프레스',
        repWeightList: [{ id: 40, reps: 5, weight: 100 }],
      },
      { routineExerciseId: 12, sequence: null, exerciseName: '풀업', repWeightList: [] },
    ],
  },
  {
    routineId: 4,
    routineName: '하체',
    routineExerciseDtoList: [],
    shareToken: 'AAAAAAAAAAAAAAAAAAAAAA',
  },
];

describe('routinesRead', () => {
  it('is keyed by its backend path', () => {
    expect(routinesRead.key()).toBe('/api/member/routines');
    expect(routinesRead.swr).toBeUndefined();
  });

  it('hands the exercises over as `exercises`, in the order and with the sets listed', () => {
    const view = routinesRead.toView(wire);
    expect(view).toEqual([
      {
        routineId: 3,
        routineName: '상체',
        exercises: [
          {
            routineExerciseId: 11,
            sequence: 1,
            exerciseName: '벤치프레스',
            repWeightList: [{ id: 40, reps: 5, weight: 100 }],
          },
          { routineExerciseId: 12, sequence: null, exerciseName: '풀업', repWeightList: [] },
        ],
        shareToken: null,
      },
      { routineId: 4, routineName: '하체', exercises: [], shareToken: 'AAAAAAAAAAAAAAAAAAAAAA' },
    ]);
    // No wire name reaches the UI.
    expect(JSON.stringify(view)).not.toContain('DtoList');
  });

  it('validates with the routine list schema', async () => {
    const schema = await routinesRead.schema();
    expect(schema.safeParse(wire).success).toBe(true);
    expect(schema.safeParse([{ routineId: 3, routineName: '상체' }]).success).toBe(false);
  });
});
