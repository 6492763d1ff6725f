import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { mockFetch, renderServerFirst, settle } from '@/testing/test-helpers';

import { TrainingSettingsPanel } from './training-settings';

describe('TrainingSettingsPanel', () => {
  it('shows the handed-over settings and saves each change at once', async () => {
    const { calls } = mockFetch({
      'PATCH /api/member/settings': (body) => ({
        body: { weightUnit: 'lb', autoCompleteDay: true, restSeconds: 90, ...(body as object) },
      }),
    });
    renderServerFirst(<TrainingSettingsPanel />, {});
    expect(screen.getByRole('radio', { name: 'kg' })).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: '마지막 세트를 완료하면 그날 운동도 완료로 표시' }),
    ).toBeChecked();
    expect(screen.getByRole('combobox', { name: '기본 휴식 시간' })).toHaveValue('90');
    await settle();
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'lb' }));
    expect(screen.getByRole('radio', { name: 'lb' })).toBeChecked();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '기본 휴식 시간' }), '120');
    await waitFor(() =>
      expect(calls.map((call) => call.body)).toEqual([{ weightUnit: 'lb' }, { restSeconds: 120 }]),
    );
    expect(screen.getByRole('combobox', { name: '기본 휴식 시간' })).toHaveValue('120');
  });
});
