import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { mockFetch, renderServerFirst } from '@/testing/test-helpers';

import { ExportLink } from './export-link';

const AVAILABILITY = 'GET /api/member/export/availability';
const RUNNING = '이미 내 데이터를 내려받는 중입니다. 내려받기가 끝난 뒤에 다시 시도해주세요.';
const SPENT = '요청이 너무 많습니다. 42분 후에 다시 시도해주세요.';

const tooMany = (message: string, retryAfter: string) => ({
  status: 429,
  headers: { 'retry-after': retryAfter },
  body: { code: '429', message, data: null, timestamp: 't', path: '/api/member/export' },
});

/**
 * Clicks on the export link that reach the document with their default action intact: each one
 * would have started the browser's download (jsdom cannot download, so the action is stopped here,
 * after the component's own handler).
 */
let downloads = 0;
function countDownloads(event: MouseEvent) {
  const link = (event.target as Element).closest('a[download]');
  if (!link) return;
  if (!event.defaultPrevented) downloads += 1;
  event.preventDefault();
}
beforeEach(() => {
  downloads = 0;
  window.addEventListener('click', countDownloads);
});
afterEach(() => window.removeEventListener('click', countDownloads));

function renderLink() {
  renderServerFirst(<ExportLink />, {});
  return screen.getByRole('link', { name: '내 데이터 내려받기' });
}

describe('ExportLink', () => {
  it('is a plain download link of the export (it works without JavaScript)', () => {
    mockFetch({});
    const link = renderLink();
    expect(link).toHaveAttribute('href', '/api/member/export');
    expect(link).toHaveAttribute('download');
  });

  it('asks first, and on 204 lets the browser download the ZIP itself', async () => {
    const { calls } = mockFetch({ [AVAILABILITY]: { status: 204 } });
    const user = userEvent.setup();
    const link = renderLink();
    await user.click(link);
    await waitFor(() => expect(downloads).toBe(1));
    // Asked once; the ZIP itself is never fetched by script (the browser streams it to disk).
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([AVAILABILITY]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows why when an export is already running, and does not download', async () => {
    mockFetch({ [AVAILABILITY]: tooMany(RUNNING, '30') });
    const user = userEvent.setup();
    await user.click(renderLink());
    expect(await screen.findByRole('alert')).toHaveTextContent(RUNNING);
    expect(downloads).toBe(0);
  });

  it("shows the wait once the hour's exports are spent, then downloads when asked again later", async () => {
    let answer: ReturnType<typeof tooMany> | { status: number } = tooMany(SPENT, '2520');
    const { calls } = mockFetch({ [AVAILABILITY]: () => answer });
    const user = userEvent.setup();
    const link = renderLink();
    await user.click(link);
    expect(await screen.findByRole('alert')).toHaveTextContent(SPENT);
    expect(downloads).toBe(0);

    answer = { status: 204 };
    await user.click(link);
    await waitFor(() => expect(downloads).toBe(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('says the server cannot be reached when the question gets no answer', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof global.fetch;
    const user = userEvent.setup();
    await user.click(renderLink());
    expect(await screen.findByRole('alert')).toHaveTextContent('서버에 연결할 수 없습니다.');
    expect(downloads).toBe(0);
  });

  it('leaves a modified click (new tab, save as) to the browser, as without JavaScript', async () => {
    const { calls } = mockFetch({});
    const user = userEvent.setup();
    const link = renderLink();
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(downloads).toBe(1);
    expect(calls).toHaveLength(0);
  });
});
