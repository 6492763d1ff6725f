import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { mockFetch, renderWithApp } from '@/testing/test-helpers';

import { useDayLog } from './use-day-log';

const DATE = '2026-11-23';
const MONTH = '/api/today/yearAndMonth/2026/11';
const DAY = `/api/today/date/${DATE}`;

/** The original backend's answer to GET /api/today/date/{date} without a record. */
const ORIGINAL_500 = {
  status: 500,
  body: { timestamp: '2026-11-23T00:00:00', status: 500, error: 'Internal Server Error' },
};

function Probe({ date, friendId }: { date: string; friendId?: number }) {
  const { today, error, retry } = useDayLog(date, friendId);
  let state = 'loading';
  if (today === null) state = 'none';
  else if (today) state = `day ${today.id}`;
  else if (error) state = 'error';
  return (
    <>
      <output>{state}</output>
      <button type="button" onClick={() => void retry()}>
        retry
      </button>
    </>
  );
}

const dayBody = { id: 21, localDate: DATE, checkBox: 'False', todayExercises: [] };

describe('useDayLog', () => {
  it('does not fetch a date the month list does not name (the original answers it with 500)', async () => {
    const { calls } = mockFetch({
      [`GET ${MONTH}`]: { body: [{ localDate: '2026-11-02', checkBox: 'True' }] },
      [`GET ${DAY}`]: ORIGINAL_500,
    });
    renderWithApp(<Probe date={DATE} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('none'));
    expect(calls.map((call) => call.url)).toContain(MONTH);
    expect(calls.map((call) => call.url)).not.toContain(DAY);
  });

  it('fetches a listed date', async () => {
    const { calls } = mockFetch({
      [`GET ${MONTH}`]: { body: [{ localDate: DATE, checkBox: 'False' }] },
      [`GET ${DAY}`]: { body: dayBody },
    });
    renderWithApp(<Probe date={DATE} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('day 21'));
    expect(calls.filter((call) => call.url === DAY)).toHaveLength(1);
  });

  it("treats our backend's 404 for a listed date as no record", async () => {
    mockFetch({ [`GET ${MONTH}`]: { body: [{ localDate: DATE, checkBox: 'False' }] } });
    renderWithApp(<Probe date={DATE} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('none'));
  });

  it("uses the friend's month list for a friend's day", async () => {
    const { calls } = mockFetch({
      'GET /api/today/friend/7/yearAndMonth/2026/11': { body: [] },
    });
    renderWithApp(<Probe date={DATE} friendId={7} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('none'));
    expect(calls.map((call) => call.url)).not.toContain(`/api/today/friend/7/date/${DATE}`);
  });

  it('reports a failed month and retries it', async () => {
    let fail = true;
    const { calls } = mockFetch({
      [`GET ${MONTH}`]: () => (fail ? { status: 500, body: null } : { body: [] }),
    });
    renderWithApp(<Probe date={DATE} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('error'));
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'retry' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('none'));
    expect(calls.map((call) => call.url)).not.toContain(DAY);
  });
});
