import { screen, waitFor, within } from '@testing-library/react';
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

  it('edits the bar and plate pairs for the unit, heaviest first, and saves them together', async () => {
    const { calls } = mockFetch({
      'PATCH /api/member/settings': (body) => ({
        body: { weightUnit: 'kg', autoCompleteDay: true, restSeconds: 90, ...(body as object) },
      }),
    });
    renderServerFirst(<TrainingSettingsPanel />, {});
    const form = screen.getByRole('form', { name: '바벨과 원판 (kg)' });
    expect(
      within(form)
        .getAllByRole('spinbutton')
        .map((input) => input.getAttribute('aria-label')),
    ).toEqual([
      null,
      '25kg 원판 쌍 수',
      '20kg 원판 쌍 수',
      '15kg 원판 쌍 수',
      '10kg 원판 쌍 수',
      '5kg 원판 쌍 수',
      '2.5kg 원판 쌍 수',
      '1.25kg 원판 쌍 수',
    ]);
    const bar = within(form).getByRole('spinbutton', { name: '바벨 무게 (kg)' });
    expect(bar).toHaveValue(20);
    await userEvent.clear(bar);
    await userEvent.type(bar, '15');
    const small = within(form).getByRole('spinbutton', { name: '1.25kg 원판 쌍 수' });
    await userEvent.clear(small);
    await userEvent.type(small, '0');
    await userEvent.click(within(form).getByRole('button', { name: '원판 저장' }));
    await waitFor(() =>
      expect(calls.map((call) => call.body)).toEqual([
        {
          plates: {
            kg: {
              bar: 15,
              plates: [25, 20, 15, 10, 5, 2.5, 1.25].map((size) => ({
                size,
                pairs: size === 1.25 ? 0 : 10,
              })),
            },
          },
        },
      ]),
    );
    // The form stays as saved (and keeps the focus on its button).
    expect(within(form).getByRole('button', { name: '원판 저장' })).toHaveFocus();
    expect(bar).toHaveValue(15);
    await userEvent.clear(bar);
    expect(within(form).getByRole('button', { name: '원판 저장' })).toBeDisabled();
    expect(within(form).getByText('바벨 무게는 0보다 크고 100 이하여야 합니다.')).toBeVisible();
  });
});
