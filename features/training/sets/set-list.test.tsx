import { render, screen } from '@testing-library/react';

import { setErrorsFromFields } from '@/components/ui/errors';
import { moveItem } from '@/components/ui/reorder';

import { newSetDraft, parseNumberInput, toRepWeightInputs, validateSets } from './set-drafts';
import { SetList } from './set-list';

describe('SetList', () => {
  it('numbers sets from 1 and hides a weight of 0', () => {
    render(
      <SetList
        sets={[
          { reps: 5, weight: 100 },
          { reps: 12, weight: 0 },
        ]}
      />,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('1세트5회100kg');
    expect(rows[1]).toHaveTextContent('2세트12회');
    expect(rows[1]).not.toHaveTextContent('kg');
  });
});

describe('set drafts', () => {
  it('validates: no sets, reps empty or not > 0', () => {
    expect(validateSets([])).toBe('운동 세트를 입력해주세요.');
    expect(validateSets([newSetDraft({ reps: null })])).toBe('반복 횟수를 정확히 입력해주세요.');
    expect(validateSets([newSetDraft({ reps: 3 }), newSetDraft({ reps: 0 })])).toBe(
      '반복 횟수를 정확히 입력해주세요.',
    );
    expect(validateSets([newSetDraft({ reps: -1 })])).toBe('반복 횟수를 정확히 입력해주세요.');
    expect(validateSets([newSetDraft({ reps: 1, weight: null })])).toBeNull();
  });

  it("validates with the backend's rules: reps a whole number 1–10000, weight 0–10000, 1–50 sets", () => {
    const reps = '반복 횟수를 정확히 입력해주세요.';
    expect(validateSets([newSetDraft({ reps: 10000, weight: 10000 })])).toBeNull();
    expect(validateSets([newSetDraft({ reps: 10001 })])).toBe(reps);
    expect(validateSets([newSetDraft({ reps: 2.5 })])).toBe(reps);
    expect(validateSets([newSetDraft({ reps: 5, weight: -1 })])).toBe(
      '무게를 정확히 입력해주세요.',
    );
    expect(validateSets([newSetDraft({ reps: 5, weight: 10000.5 })])).toBe(
      '무게를 정확히 입력해주세요.',
    );
    expect(validateSets([newSetDraft({ reps: 5, weight: 62.5 })])).toBeNull();
    const sets = (n: number) => Array.from({ length: n }, () => newSetDraft({ reps: 1 }));
    expect(validateSets(sets(50))).toBeNull();
    expect(validateSets(sets(51))).toBe('운동 세트는 50개 이하로 입력해주세요.');
  });

  it("maps a list body's field errors to the item sent at that index", () => {
    expect(
      setErrorsFromFields(
        {
          '1.repWeightList.0.reps': '반복 횟수를 정확히 입력해주세요.',
          '1.repWeightList.2.weight': '무게를 정확히 입력해주세요.',
          '0.repWeightList': '운동 세트는 50개 이하로 입력해주세요.',
          '[2].repWeightList[0].weight': '무게를 정확히 입력해주세요.',
          '3.id': '같은 항목이 두 번 들어 있습니다.',
          '9.repWeightList.0.reps': '반복 횟수를 정확히 입력해주세요.',
          repWeightList: '운동 세트를 입력해주세요.',
        },
        [55, 56, 57, 58],
      ),
    ).toEqual({
      55: '운동 세트는 50개 이하로 입력해주세요.',
      56: '반복 횟수를 정확히 입력해주세요.',
      57: '무게를 정확히 입력해주세요.',
    });
    expect(setErrorsFromFields({}, [55])).toEqual({});
  });

  it('turns empty inputs into null and empty weights into 0 on the wire', () => {
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput('  ')).toBeNull();
    expect(parseNumberInput('62.5')).toBe(62.5);
    expect(toRepWeightInputs([newSetDraft({ id: 4, reps: 5, weight: null })])).toEqual([
      { id: 4, reps: 5, weight: 0 },
    ]);
    expect(toRepWeightInputs([newSetDraft({ reps: 5, weight: 20 })])).toEqual([
      { reps: 5, weight: 20 },
    ]);
  });

  it('moves list items', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
