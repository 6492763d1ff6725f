import { render, screen, within } from '@testing-library/react';

import type { ExerciseRecords } from '@/lib/contract/training';

import { RecordsList } from './records-list';

const RECORDS: ExerciseRecords = {
  weight: { reps: 3, weight: 102.5, localDate: '2026-11-21' },
  oneRepMax: { reps: 8, weight: 95, value: 120.33, localDate: '2026-11-14' },
  setVolume: { reps: 10, weight: 80, value: 800, localDate: '2026-10-05' },
  sessionVolume: { value: 2400, localDate: '2026-11-14' },
  repsAtWeight: [
    { reps: 10, weight: 60, localDate: '2026-09-01' },
    { reps: 3, weight: 102.5, localDate: '2026-11-21' },
    { reps: 8, weight: 95, localDate: '2026-11-14' },
  ],
};

function terms(): string[] {
  return screen.getAllByRole('term').map((term) => term.textContent ?? '');
}

function definitions(term: string): string[] {
  const item = screen.getByText(term, { selector: 'dt' }).parentElement!;
  return within(item)
    .getAllByRole('definition')
    .map((definition) => definition.textContent ?? '');
}

describe('RecordsList', () => {
  it('lists each record with the set behind it and the day it was reached', () => {
    render(<RecordsList records={RECORDS} unit="kg" headingId="records" />);
    expect(screen.getByRole('region', { name: '개인 기록' })).toBeInTheDocument();
    expect(terms()).toEqual(['최고 무게', '추정 1RM', '최고 세트 볼륨', '최고 세션 볼륨']);
    expect(definitions('최고 무게')).toEqual(['102.5kg', '3회', '2026.11.21 달성']);
    expect(definitions('추정 1RM')).toEqual(['120.33kg', '95kg × 8회', '2026.11.14 달성']);
    expect(definitions('최고 세트 볼륨')).toEqual(['800kg', '80kg × 10회', '2026.10.05 달성']);
    expect(definitions('최고 세션 볼륨')).toEqual(['2,400kg', '2026.11.14 달성']);
  });

  it('tables the most reps at each weight, heaviest first', () => {
    render(<RecordsList records={RECORDS} unit="kg" headingId="records" />);
    const table = screen.getByRole('table', { name: '무게별 최다 반복' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      '무게최다 반복날짜',
      '102.5kg3회2026.11.21',
      '95kg8회2026.11.14',
      '60kg10회2026.09.01',
    ]);
  });

  it('converts to pounds', () => {
    render(<RecordsList records={RECORDS} unit="lb" headingId="records" />);
    expect(definitions('최고 세트 볼륨')).toEqual([
      '1,763.7lb',
      '176.4lb × 10회',
      '2026.10.05 달성',
    ]);
    expect(screen.getByRole('row', { name: /132\.3lb/ })).toHaveTextContent(
      '132.3lb10회2026.09.01',
    );
  });

  it('says so for a record not reached yet and leaves the table out', () => {
    render(
      <RecordsList
        records={{ ...RECORDS, weight: null, repsAtWeight: [] }}
        unit="kg"
        headingId="records"
      />,
    );
    expect(definitions('최고 무게')).toEqual(['아직 없음']);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
