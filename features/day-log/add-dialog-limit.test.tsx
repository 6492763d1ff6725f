import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { mockFetch, renderWithApp, writes } from '@/testing/test-helpers';

import { AddDialog } from './add-dialog';

// A small selection limit, so the test need not render LIMITS.selection + 1 checkboxes.
jest.mock('@/lib/contract/values', () => {
  const actual =
    jest.requireActual<typeof import('@/lib/contract/values')>('@/lib/contract/values');
  return { ...actual, LIMITS: { ...actual.LIMITS, selection: 2 } };
});

const exercises = [7, 8, 9].map((id) => ({
  id,
  name: `운동${id}`,
  memo: '',
  classification: 'CHEST',
  repWeightList: [{ id, reps: 5, weight: 100 }],
}));

describe('AddDialog selection limit', () => {
  it('refuses more than LIMITS.selection items with its own message, not the set limit', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/member/exercises': { body: exercises },
      'GET /api/member/routines': { body: [] },
    });
    renderWithApp(<AddDialog date="2026-11-23" onClose={() => undefined} />);
    await user.click(await screen.findByRole('checkbox', { name: /운동7/ }));
    await user.click(screen.getByRole('checkbox', { name: /운동8/ }));
    await user.click(screen.getByRole('checkbox', { name: /운동9/ }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '한 번에 2개까지 추가할 수 있습니다.',
    );
    expect(writes(calls)).toEqual([]);
  });
});
