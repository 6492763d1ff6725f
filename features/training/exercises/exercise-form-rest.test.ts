import { emptyExerciseDraft, toExerciseBody } from './exercise-form';

describe('toExerciseBody: the exercise’s own rest', () => {
  const draft = { ...emptyExerciseDraft(), name: ' 데드리프트 ' };

  it('leaves it out unless the member chose one, so the body stays the original wire’s', () => {
    expect(toExerciseBody(draft)).not.toHaveProperty('restSeconds');
    expect(toExerciseBody({ ...draft, restSeconds: 180 })).toMatchObject({
      name: '데드리프트',
      restSeconds: 180,
    });
  });

  it('sends a change of a stored rest, null to go back to the member’s default', () => {
    expect(toExerciseBody({ ...draft, restSeconds: 180 }, 'kg', 180)).not.toHaveProperty(
      'restSeconds',
    );
    expect(toExerciseBody({ ...draft, restSeconds: null }, 'kg', 180)).toHaveProperty(
      'restSeconds',
      null,
    );
  });
});
