import { setDraftsFrom, toRepWeightInputs } from './set-drafts';

describe('set drafts in the member’s unit', () => {
  it('shows stored kilograms in pounds and sends an untouched weight back exactly', () => {
    const drafts = setDraftsFrom(
      [
        { id: 1, reps: 5, weight: 62.5 },
        { id: 2, reps: 5, weight: 60 },
      ],
      'lb',
    );
    expect(drafts.map((draft) => draft.weight)).toEqual([137.8, 132.3]);
    const edited = [drafts[0], { ...drafts[1], weight: 135 }];
    const sent = toRepWeightInputs(edited, 'lb');
    expect(sent[0]).toEqual({ id: 1, reps: 5, weight: 62.5 });
    expect(sent[1].weight).toBeCloseTo(61.235, 3);
    // 135 lb stored as kg shows as 135 again.
    expect(setDraftsFrom([{ id: 2, reps: 5, weight: sent[1].weight }], 'lb')[0].weight).toBe(135);
  });

  it('keeps kilograms as they are, and an empty weight is 0', () => {
    const [draft] = setDraftsFrom([{ id: 1, reps: 5, weight: 61.23496995 }]);
    expect(draft.weight).toBe(61.23);
    expect(toRepWeightInputs([draft])[0].weight).toBe(61.23496995);
    expect(toRepWeightInputs([{ ...draft, weight: null }])[0].weight).toBe(0);
    expect(toRepWeightInputs([{ ...draft, id: null, stored: undefined, weight: 70 }])).toEqual([
      { reps: 5, weight: 70 },
    ]);
  });
});
