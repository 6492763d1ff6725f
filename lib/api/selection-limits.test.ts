import { EXERCISE_MESSAGES, LIMITS } from '@/lib/contract/exercise';
import { routineExerciseCreateSchema, routineSetsUpdateSchema } from '@/lib/contract/routine';
import { todayExerciseAddSchema } from '@/lib/contract/today';
import { messages } from '@/lib/i18n/messages';

const items = (n: number) =>
  Array.from({ length: n }, (_, index) => ({ id: index + 1, type: 'exercise', sequence: index }));
const infos = (n: number) => Array.from({ length: n }, (_, index) => ({ exerciseId: index + 1 }));

describe('selection lists', () => {
  it('have their own limit, far above the per-exercise set limit', () => {
    expect(LIMITS.selection).toBeGreaterThanOrEqual(10 * LIMITS.sets);
  });

  it('POST /api/todayExercise/{date} takes more than LIMITS.sets items, up to LIMITS.selection', () => {
    expect(todayExerciseAddSchema.safeParse(items(LIMITS.sets + 1)).success).toBe(true);
    expect(todayExerciseAddSchema.safeParse(items(LIMITS.selection)).success).toBe(true);
    const over = todayExerciseAddSchema.safeParse(items(LIMITS.selection + 1));
    expect(over.success).toBe(false);
    expect(over.error?.issues[0].message).toBe(EXERCISE_MESSAGES.selectionTooMany);
  });

  it('POST /api/routineExercise takes more than LIMITS.sets exercises, up to LIMITS.selection', () => {
    const body = (n: number) => ({ routineId: 3, exerciseInfoList: infos(n) });
    expect(routineExerciseCreateSchema.safeParse(body(LIMITS.sets + 1)).success).toBe(true);
    expect(routineExerciseCreateSchema.safeParse(body(LIMITS.selection)).success).toBe(true);
    const over = routineExerciseCreateSchema.safeParse(body(LIMITS.selection + 1));
    expect(over.success).toBe(false);
    expect(over.error?.issues[0].path).toEqual(['exerciseInfoList']);
    expect(over.error?.issues[0].message).toBe(EXERCISE_MESSAGES.selectionTooMany);
  });

  it('the catalogue words the limits as the backend does', () => {
    expect(messages.exercise.selectionTooMany(LIMITS.selection)).toBe(
      EXERCISE_MESSAGES.selectionTooMany,
    );
    expect(messages.exercise.setsTooMany(LIMITS.sets)).toBe(EXERCISE_MESSAGES.setsTooMany);
    expect(messages.exercise.weightInvalid).toBe(EXERCISE_MESSAGES.weight);
    expect(messages.exercise.repsInvalid).toBe(EXERCISE_MESSAGES.reps);
    expect(messages.exercise.setsRequired).toBe(EXERCISE_MESSAGES.setsEmpty);
  });
});

describe('PATCH /api/routineExercise/update/{routineId}', () => {
  it('accepts and ignores any sequence, as the original Spring backend does', () => {
    for (const sequence of [1, -4, 'x', null, undefined]) {
      const parsed = routineSetsUpdateSchema.safeParse([
        { routineExerciseId: 11, sequence, exerciseName: 'ignored', repWeightList: null },
      ]);
      expect(parsed.success).toBe(true);
    }
  });
});
