import type { ScopedMutator } from 'swr';

import { ApiError } from '@/lib/api/errors';
import { type Api, loadApi } from '@/lib/api/load';

import { createDayRefresher } from './refresh-days';

jest.mock('@/lib/api/load', () => ({ loadApi: jest.fn() }));

const DATE = '2026-11-25';
const MONTH = '/api/today/yearAndMonth/2026/11';
const wireDay = { id: 70, localDate: DATE, checkBox: 'True', todayExercises: [] };

function httpError(status: number): ApiError {
  return new ApiError({ kind: 'http', status, message: `${status}`, url: '/api', method: 'GET' });
}

/** The backend's answers by path (a function: thrown or answered when asked). */
function backend(answers: Record<string, () => unknown>) {
  const requestJson = jest.fn(async (path: string) => {
    const answer = answers[path];
    if (!answer) throw httpError(404);
    return answer();
  });
  jest.mocked(loadApi).mockResolvedValue({ requestJson } as unknown as Api);
  return requestJson;
}

describe('createDayRefresher', () => {
  it('writes the month and the day into the cache as the screens read them', async () => {
    const requestJson = backend({
      [MONTH]: () => [{ localDate: DATE, checkBox: 'True' }],
      [`/api/today/date/${DATE}`]: () => wireDay,
    });
    const mutate = jest.fn(async () => undefined);
    const read = await createDayRefresher(mutate as unknown as ScopedMutator)([DATE, '2026-11-24']);
    expect(read).toEqual([DATE, '2026-11-24']);
    expect(mutate).toHaveBeenCalledWith(MONTH, [{ localDate: DATE, completed: true }], {
      revalidate: false,
    });
    expect(mutate).toHaveBeenCalledWith(
      `/api/today/date/${DATE}`,
      { id: 70, localDate: DATE, completed: true, todayExercises: [] },
      { revalidate: false },
    );
    // A date the month does not list has no record; it is not asked for.
    expect(mutate).toHaveBeenCalledWith('/api/today/date/2026-11-24', null, { revalidate: false });
    expect(requestJson.mock.calls.map(([path]) => path)).not.toContain(
      '/api/today/date/2026-11-24',
    );
    expect(mutate).toHaveBeenCalledWith(`/api/today/date/${DATE}/records`);
    expect(mutate).toHaveBeenCalledWith(`/api/today/date/${DATE}/previous`);
  });

  it('writes a listed day gone meanwhile (404) as no record', async () => {
    backend({ [MONTH]: () => [{ localDate: DATE, checkBox: 'False' }] });
    const mutate = jest.fn(async () => undefined);
    await expect(createDayRefresher(mutate as unknown as ScopedMutator)([DATE])).resolves.toEqual([
      DATE,
    ]);
    expect(mutate).toHaveBeenCalledWith(`/api/today/date/${DATE}`, null, { revalidate: false });
  });

  it('leaves the dates of a month it could not read out, and their cache as it was', async () => {
    const requestJson = backend({
      [MONTH]: () => {
        throw new ApiError({
          kind: 'network',
          status: 0,
          message: 'offline',
          url: MONTH,
          method: 'GET',
        });
      },
    });
    const mutate = jest.fn(async () => undefined);
    await expect(createDayRefresher(mutate as unknown as ScopedMutator)([DATE])).resolves.toEqual(
      [],
    );
    expect(requestJson.mock.calls.map(([path]) => path)).toEqual([MONTH]);
    expect(mutate).not.toHaveBeenCalledWith(MONTH, expect.anything(), expect.anything());
    expect(mutate).not.toHaveBeenCalledWith(`/api/today/date/${DATE}/records`);
  });
});
