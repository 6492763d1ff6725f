import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';

import type { ImportPreview, ImportResult } from '@/lib/contract/data-import';
import { mockFetch, renderWithApp, type Routes } from '@/testing/test-helpers';

import { DataImport } from './data-import';

const PREVIEW: ImportPreview = {
  format: 'strong',
  unit: 'kg',
  unitChoosable: true,
  firstDate: '2024-11-26',
  lastDate: '2024-11-28',
  days: 2,
  existingDays: 1,
  sessions: 2,
  sets: 7,
  exercises: [
    {
      name: 'Bench Press (Barbell)',
      sets: 2,
      match: { id: 5, name: '벤치프레스', classification: 'CHEST' },
      classification: null,
      guessed: true,
    },
    { name: 'Lat Pulldown (Cable)', sets: 2, match: null, classification: 'BACK', guessed: true },
    { name: 'Sled Push', sets: 3, match: null, classification: 'CHEST', guessed: false },
  ],
  skippedByReason: { notASet: 2, noReps: 1 },
  skippedCount: 3,
  skipped: [
    { row: 4, reason: 'notASet', exercise: 'Bench Press (Barbell)', value: 'Rest Timer' },
    { row: 7, reason: 'noReps', exercise: 'Treadmill', value: null },
    { row: 11, reason: 'notASet', exercise: '스쿼트', value: 'Note' },
  ],
};

const RESULT: ImportResult = {
  format: 'strong',
  firstDate: '2024-11-26',
  lastDate: '2024-11-28',
  days: 2,
  newDays: 1,
  exercisesCreated: 2,
  sets: 7,
  skippedCount: 3,
};

const csv = () => new File(['Date,Workout Name\n'], 'strong.csv', { type: 'text/csv' });

/** The multipart bodies sent to `path`, as plain objects (the file by its name). */
function bodiesTo(fetch: jest.Mock, path: string): Array<Record<string, string>> {
  return fetch.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => {
      const entries: Record<string, string> = {};
      for (const [key, value] of (init as RequestInit).body as FormData) {
        entries[key] = typeof value === 'string' ? value : (value as File).name;
      }
      return entries;
    });
}

function headersTo(fetch: jest.Mock, path: string): Headers[] {
  return fetch.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => new Headers((init as RequestInit).headers));
}

const MONTH = '/api/today/yearAndMonth/2024/11';

/** A month the calendar has cached: how often it was read. */
function MonthProbe({ onRead }: { onRead: () => void }) {
  useSWR(MONTH, async () => {
    onRead();
    return [];
  });
  return null;
}

function setup(routes: Routes) {
  const mocked = mockFetch(routes);
  const monthReads = jest.fn();
  renderWithApp(
    <>
      <MonthProbe onRead={monthReads} />
      <DataImport />
    </>,
  );
  return { ...mocked, monthReads };
}

async function pick(file = csv()) {
  await userEvent.upload(screen.getByLabelText('CSV 파일 선택'), file);
}

describe('DataImport', () => {
  it('previews a picked CSV: format, dates, counts, exercises and skipped rows', async () => {
    const { fetch } = setup({ 'POST /api/member/import/preview': { body: PREVIEW } });
    expect(screen.getByRole('heading', { level: 3, name: '기록 가져오기' })).toBeInTheDocument();
    const input = screen.getByLabelText('CSV 파일 선택');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.csv,text/csv');
    expect(input).toHaveAccessibleDescription('CSV 파일, 최대 5MB');

    await pick();
    const heading = await screen.findByRole('heading', { level: 4, name: '미리 보기: strong.csv' });
    expect(heading).toHaveFocus();
    expect(bodiesTo(fetch, '/api/member/import/preview')).toEqual([{ file: 'strong.csv' }]);

    const facts = screen.getByText('형식').closest('dl')!;
    expect(within(facts).getByText('Strong')).toBeInTheDocument();
    expect(within(facts).getByText('2024-11-26 ~ 2024-11-28')).toBeInTheDocument();
    expect(within(facts).getByText('2일')).toBeInTheDocument();
    expect(within(facts).getByText('7개')).toBeInTheDocument();
    expect(
      screen.getByText('이미 기록이 있는 1일은 그날의 기존 운동 뒤에 추가됩니다.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '파일의 무게 단위' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'kg' })).toBeChecked();

    expect(screen.getByText('운동 3개 (새 운동 2개)')).toBeInTheDocument();
    expect(screen.getByText("세트 2개 · 내 운동 '벤치프레스'에 기록")).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Bench Press (Barbell) 부위' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Lat Pulldown (Cable) 부위' })).toHaveValue('BACK');
    // No keyword told its body part: the member is asked to check the default.
    expect(screen.getByRole('combobox', { name: 'Sled Push 부위' })).toHaveValue('CHEST');
    expect(screen.getByText('부위를 확인해 주세요.')).toBeInTheDocument();

    expect(screen.getByText('건너뛴 행 3개')).toBeInTheDocument();
    expect(screen.getByText('세트가 아닌 행(휴식 타이머, 메모): 2개')).toBeInTheDocument();
    expect(screen.getByText('반복 횟수가 없는 기록(유산소, 시간 운동): 1개')).toBeInTheDocument();
    // The row list is folded until opened.
    const rows = screen.getByText('건너뛴 행 보기').closest('details')!;
    expect(rows).not.toHaveAttribute('open');
    await userEvent.click(screen.getByText('건너뛴 행 보기'));
    expect(rows).toHaveAttribute('open');
    expect(within(rows).getByText('4행')).toBeInTheDocument();
    expect(
      within(rows).getByText('세트가 아닌 행(휴식 타이머, 메모) (Rest Timer)'),
    ).toBeInTheDocument();
  });

  it('reads the file again in the unit chosen for a Strong file', async () => {
    const { fetch } = setup({
      'POST /api/member/import/preview': { body: PREVIEW },
    });
    await pick();
    await screen.findByRole('heading', { level: 4 });
    fetch.mockImplementationOnce(async () => ({
      ok: true,
      status: 200,
      text: async () => JSON.stringify({ ...PREVIEW, unit: 'lb' }),
    }));
    await userEvent.click(screen.getByRole('radio', { name: 'lb' }));
    // The preview stays in view, the choice shown at once and kept focused, while it is read again.
    expect(screen.getByRole('radio', { name: 'lb' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'lb' })).toHaveFocus();
    expect(screen.getByRole('heading', { level: 4 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('strong.csv 읽는 중…')).toBeNull());
    expect(screen.getByRole('radio', { name: 'lb' })).toHaveFocus();
    expect(screen.getByRole('button', { name: '가져오기' })).toBeEnabled();
    expect(bodiesTo(fetch, '/api/member/import/preview')).toEqual([
      { file: 'strong.csv' },
      { file: 'strong.csv', unit: 'lb' },
    ]);
  });

  it('imports with the body parts shown, once per key, and revalidates the calendar', async () => {
    const { fetch, monthReads } = setup({
      'POST /api/member/import/preview': { body: PREVIEW },
      'POST /api/member/import': { body: RESULT },
    });
    await waitFor(() => expect(monthReads).toHaveBeenCalledTimes(1));
    await pick();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Lat Pulldown (Cable) 부위' }),
      'SHOULDER',
    );
    await userEvent.click(screen.getByRole('button', { name: '가져오기' }));

    const result = await screen.findByText('가져오기를 마쳤습니다.');
    expect(result.closest('[role="status"]')).toHaveFocus();
    expect(
      screen.getByText('2024-11-26 ~ 2024-11-28 · 2일(새로운 날 1일), 세트 7개, 새 운동 2개'),
    ).toBeInTheDocument();
    const [sent] = bodiesTo(fetch, '/api/member/import');
    expect(sent.file).toBe('strong.csv');
    expect(sent.unit).toBe('kg');
    expect(JSON.parse(sent.bodyParts)).toEqual({
      'Lat Pulldown (Cable)': 'SHOULDER',
      'Sled Push': 'CHEST',
    });
    expect(headersTo(fetch, '/api/member/import')[0].get('Idempotency-Key')).toMatch(/^".+"$/);
    await waitFor(() => expect(monthReads).toHaveBeenCalledTimes(2));

    await userEvent.click(screen.getByRole('button', { name: '다른 파일 가져오기' }));
    expect(screen.getByLabelText('CSV 파일 선택')).toHaveValue('');
  });

  it('keeps the preview after a failed import and retries with the same key', async () => {
    let attempts = 0;
    const { fetch } = setup({
      'POST /api/member/import/preview': { body: PREVIEW },
      'POST /api/member/import': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 500,
              body: {
                code: '500',
                message: '서버 오류가 발생했습니다.',
                data: null,
                timestamp: 't',
                path: null,
              },
            }
          : { body: RESULT };
      },
    });
    await pick();
    await userEvent.click(await screen.findByRole('button', { name: '가져오기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('서버 오류가 발생했습니다.');
    expect(screen.getByRole('heading', { level: 4 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '가져오기' }));
    await screen.findByText('가져오기를 마쳤습니다.');
    const keys = headersTo(fetch, '/api/member/import').map((h) => h.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("shows the backend's reason when the file cannot be read, with a retry", async () => {
    setup({
      'POST /api/member/import/preview': {
        status: 400,
        body: {
          code: '400',
          message:
            '알 수 없는 형식입니다. Strong, Hevy 또는 EveryHealth에서 내보낸 CSV 파일인지 확인해주세요.',
          data: null,
          timestamp: 't',
          path: null,
        },
      },
    });
    await pick();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('파일을 읽지 못했습니다.');
    expect(alert).toHaveTextContent('알 수 없는 형식입니다.');
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
    expect(screen.getByLabelText('다른 파일 선택')).toBeEnabled();
  });

  it('refuses a file over 5 MB without sending it', async () => {
    const { fetch } = setup({});
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await pick(big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '파일이 너무 큽니다. 5MB 이하의 CSV 파일만 가져올 수 있습니다.',
    );
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('import'))).toEqual([]);
  });

  it('offers no import when the file holds no set', async () => {
    setup({
      'POST /api/member/import/preview': {
        body: {
          ...PREVIEW,
          sets: 0,
          days: 0,
          sessions: 0,
          existingDays: 0,
          firstDate: null,
          lastDate: null,
          exercises: [],
        },
      },
    });
    await pick();
    expect(await screen.findByText('가져올 세트가 없습니다.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '가져오기' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('heading', { level: 4 })).toBeNull();
    expect(screen.getByLabelText('CSV 파일 선택')).toBeEnabled();
  });
});
