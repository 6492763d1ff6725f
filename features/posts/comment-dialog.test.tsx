import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { Comment } from '@/lib/contract/comment';
import { mockFetch, renderWithApp, writes } from '@/testing/test-helpers';

import { CommentDialog } from './comment-dialog';

// 2026-11-22 12:00 in Seoul.
const NOW = Date.parse('2026-11-22T03:00:00Z');

const existing: Comment[] = [
  { id: 3, name: '이서연', text: '대단해요', localDateTime: '2026-11-22T11:58:30' },
  { id: 1, name: '김민준', text: '첫 댓글', localDateTime: '2026-11-10T09:00:00' },
  { id: 2, name: '박지호', text: '화이팅', localDateTime: '2026-11-22T09:30:00.123456' },
];

beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

function renderDialog(onClose = jest.fn()) {
  const user = userEvent.setup();
  renderWithApp(<CommentDialog postId={7} onClose={onClose} />);
  return { user, onClose };
}

const input = () => screen.getByRole('textbox', { name: '댓글 입력' });

describe('CommentDialog', () => {
  it('lists comments oldest first with author, text and time labels', async () => {
    mockFetch({ 'GET /api/comment/7': { body: existing } });
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: '댓글' });
    const list = await within(dialog).findByRole('list', { name: '댓글 목록' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '김민준2026년 11월 10일첫 댓글',
      '박지호2시간 전화이팅',
      '이서연1분 전대단해요',
    ]);
    expect(within(items[2]).getByText('1분 전')).toHaveAttribute('datetime', '2026-11-22T11:58:30');
  });

  it('says so when there are no comments, and has a labelled, limited textarea with a counter', async () => {
    mockFetch({ 'GET /api/comment/7': { body: [] } });
    const { user } = renderDialog();
    expect(await screen.findByText('작성된 댓글이 없습니다.')).toBeInTheDocument();
    expect(input()).toHaveAttribute('placeholder', '댓글을 입력하세요...');
    expect(input()).toHaveAttribute('maxLength', '1000');
    expect(screen.getByText('0/1000')).toBeInTheDocument();
    await user.type(input(), '안녕하세요 반가워요!');
    expect(screen.getByText('11/1000')).toBeInTheDocument();
    expect(input()).toHaveAccessibleDescription('1000자 중 11자 입력');
  });

  it('refuses a blank comment with a toast and sends nothing', async () => {
    const { calls } = mockFetch({ 'GET /api/comment/7': { body: [] } });
    const { user } = renderDialog();
    await screen.findByText('작성된 댓글이 없습니다.');
    await user.click(screen.getByRole('button', { name: '작성' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('댓글을 입력해주세요.');
    await user.type(input(), '   \n  ');
    await user.click(await screen.findByRole('button', { name: '작성' }));
    expect(writes(calls)).toEqual([]);
  });

  it('sends the comment, clears the input, revalidates and shows it', async () => {
    let saved: Comment[] = [];
    const { calls } = mockFetch({
      'GET /api/comment/7': () => ({ body: saved }),
      'POST /api/comment': (body) => {
        const { text } = body as { text: string };
        saved = [{ id: 10, name: '테스터', text, localDateTime: '2026-11-22T12:00:00' }];
        return { status: 201 };
      },
    });
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const { user } = renderDialog();
    await screen.findByText('작성된 댓글이 없습니다.');
    await user.type(input(), '  멋져요  ');
    await user.click(screen.getByRole('button', { name: '작성' }));

    expect(await screen.findByText('멋져요')).toBeInTheDocument();
    expect(screen.getByText('방금 전')).toBeInTheDocument();
    expect(input()).toHaveValue('');
    expect(writes(calls)).toEqual([
      { method: 'POST', url: '/api/comment', body: { postId: 7, text: '멋져요' } },
    ]);
    expect(calls.filter((call) => call.url === '/api/comment/7')).toHaveLength(2);
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
  });

  it('shows 작성 중... on the disabled button while the comment is sent', async () => {
    const { fetch } = mockFetch({
      'GET /api/comment/7': { body: [] },
      'POST /api/comment': { status: 201 },
    });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const routed = fetch.getMockImplementation() as (url: string, init?: RequestInit) => unknown;
    fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') await gate;
      return routed(url, init);
    });
    const { user } = renderDialog();
    await screen.findByText('작성된 댓글이 없습니다.');
    await user.type(input(), '멋져요');
    await user.click(screen.getByRole('button', { name: '작성' }));
    const pending = await screen.findByRole('button', { name: '작성 중...' });
    expect(pending).toBeDisabled();
    expect(pending).toHaveAttribute('aria-busy', 'true');
    expect(input()).toHaveValue('멋져요');
    await act(async () => release());
    expect(await screen.findByRole('button', { name: '작성' })).toBeEnabled();
    expect(input()).toHaveValue('');
    expect(input()).toHaveFocus();
  });

  it('toasts the failure message and keeps the text', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/comment/7': { body: [] },
      'POST /api/comment': {
        status: 500,
        body: { code: '500', message: 'x', data: null, timestamp: 't', path: null },
      },
    });
    const { user } = renderDialog();
    await screen.findByText('작성된 댓글이 없습니다.');
    await user.type(input(), '멋져요');
    await user.click(screen.getByRole('button', { name: '작성' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('댓글 추가 중 오류가 발생했습니다.');
    expect(input()).toHaveValue('멋져요');
    // The toast shows from inside the form action; the button leaves its pending label once the
    // action has settled, a moment later on a busy machine.
    expect(await screen.findByRole('button', { name: '작성' })).toBeEnabled();
  });

  it("toasts the server's message instead when comments are over their rate limit (429)", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/comment/7': { body: [] },
      'POST /api/comment': {
        status: 429,
        headers: { 'Retry-After': '480' },
        body: {
          code: '429',
          message: '요청이 너무 많습니다. 8분 후에 다시 시도해주세요.',
          data: null,
          timestamp: 't',
          path: null,
        },
      },
    });
    const { user } = renderDialog();
    await screen.findByText('작성된 댓글이 없습니다.');
    await user.type(input(), '멋져요');
    await user.click(screen.getByRole('button', { name: '작성' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '요청이 너무 많습니다. 8분 후에 다시 시도해주세요.',
    );
    expect(input()).toHaveValue('멋져요');
  });

  it('closes on 닫기 and on Escape', async () => {
    mockFetch({ 'GET /api/comment/7': { body: [] } });
    const { user, onClose } = renderDialog();
    await screen.findByText('작성된 댓글이 없습니다.');
    await user.click(screen.getByRole('button', { name: '닫기' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(input());
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe("CommentDialog: the member's own comments", () => {
  const mixed: Comment[] = [
    { id: 1, name: '김민준', text: '남의 댓글', localDateTime: '2026-11-22T11:00:00', mine: false },
    { id: 2, name: '테스터', text: '내 댓글', localDateTime: '2026-11-22T11:30:00', mine: true },
    { id: 3, name: '박지호', text: '옛 댓글', localDateTime: '2026-11-22T11:40:00' },
  ];
  const item = (text: string) => {
    const found = screen.getByText(text).closest('li');
    if (!found) throw new Error(`no comment ${text}`);
    return found;
  };

  it("offers 수정 and 삭제 on the member's own comments only", async () => {
    mockFetch({ 'GET /api/comment/7': { body: mixed } });
    renderDialog();
    await screen.findByText('내 댓글');
    expect(
      within(item('내 댓글')).getByRole('button', { name: '수정' }),
    ).toHaveAccessibleDescription('내 댓글');
    expect(within(item('내 댓글')).getByRole('button', { name: '삭제' })).toBeInTheDocument();
    for (const text of ['남의 댓글', '옛 댓글']) {
      expect(within(item(text)).queryByRole('button')).not.toBeInTheDocument();
    }
  });

  it('edits in place: a blank text is refused, a saved one replaces it without reloading', async () => {
    const { calls } = mockFetch({
      'GET /api/comment/7': { body: mixed },
      'PATCH /api/comment/2': (body) => ({
        body: { ...mixed[1], text: (body as { text: string }).text },
      }),
    });
    const { user } = renderDialog();
    await screen.findByText('내 댓글');
    await user.click(within(item('내 댓글')).getByRole('button', { name: '수정' }));
    const editor = screen.getByRole('textbox', { name: '댓글 수정' });
    expect(editor).toHaveValue('내 댓글');
    expect(editor).toHaveFocus();
    expect(editor).toHaveAttribute('maxLength', '1000');

    await user.clear(editor);
    await user.type(editor, '  ');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('댓글을 입력해주세요.')).toBeInTheDocument();
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)).toEqual([]);

    await user.type(editor, '고친 댓글 ');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('고친 댓글')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '댓글 수정' })).not.toBeInTheDocument();
    expect(within(item('고친 댓글')).getByRole('button', { name: '수정' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('댓글을 수정했습니다.');
    expect(writes(calls)).toEqual([
      { method: 'PATCH', url: '/api/comment/2', body: { text: '고친 댓글' } },
    ]);
    expect(calls.filter((call) => call.url === '/api/comment/7')).toHaveLength(1);
  });

  it('cancels an edit with 취소 or Escape, leaving the dialog open', async () => {
    const onClose = jest.fn();
    const { calls } = mockFetch({ 'GET /api/comment/7': { body: mixed } });
    const { user } = renderDialog(onClose);
    await screen.findByText('내 댓글');
    await user.click(within(item('내 댓글')).getByRole('button', { name: '수정' }));
    await user.type(screen.getByRole('textbox', { name: '댓글 수정' }), ' 바뀜');
    await user.click(screen.getByRole('button', { name: '취소' }));
    expect(screen.getByText('내 댓글')).toBeInTheDocument();

    await user.click(within(item('내 댓글')).getByRole('button', { name: '수정' }));
    expect(screen.getByRole('textbox', { name: '댓글 수정' })).toHaveValue('내 댓글');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: '댓글 수정' })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: '댓글' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('deletes after asking, and the comment leaves the list at once', async () => {
    const { calls } = mockFetch({
      'GET /api/comment/7': { body: mixed },
      'DELETE /api/comment/2': { body: 'delete comment' },
    });
    const { user } = renderDialog();
    await screen.findByText('내 댓글');
    await user.click(within(item('내 댓글')).getByRole('button', { name: '삭제' }));
    const confirm = await screen.findByRole('alertdialog', { name: '댓글 삭제' });
    expect(confirm).toHaveAccessibleDescription('이 댓글을 삭제할까요?');
    await user.click(within(confirm).getByRole('button', { name: '삭제' }));

    await waitFor(() => expect(screen.queryByText('내 댓글')).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent('댓글을 삭제했습니다.');
    expect(screen.getByText('남의 댓글')).toBeInTheDocument();
    expect(input()).toHaveFocus();
    expect(writes(calls)).toEqual([{ method: 'DELETE', url: '/api/comment/2', body: null }]);
    expect(calls.filter((call) => call.url === '/api/comment/7')).toHaveLength(1);
  });

  it('keeps the comment and says why when the delete fails', async () => {
    mockFetch({
      'GET /api/comment/7': { body: mixed },
      'DELETE /api/comment/2': {
        status: 404,
        body: {
          code: '404',
          message: '댓글을 찾을 수 없습니다.',
          data: null,
          timestamp: 't',
          path: null,
        },
      },
    });
    const { user } = renderDialog();
    await screen.findByText('내 댓글');
    await user.click(within(item('내 댓글')).getByRole('button', { name: '삭제' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: '삭제' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('댓글을 찾을 수 없습니다.');
    expect(screen.getByText('내 댓글')).toBeInTheDocument();
  });
});
