import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ProfilePage } from '@/features/account/profile/profile-page';
import type { Post } from '@/lib/contract/post';
import { type FetchCall, mockFetch, renderWithApp, settle, writes } from '@/testing/test-helpers';

import { PostFeedPage } from './post-feed-page';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
}));

afterEach(() => jest.restoreAllMocks());

/** A post as the issue-16 backend sends it: with its like count, the caller's like and `mine`. */
function post(id: number, overrides: Partial<Post> = {}): Post {
  return {
    id,
    text: `게시물 ${id}`,
    imageUrl: `key-${id}.png`,
    likeCount: 0,
    liked: false,
    mine: false,
    ...overrides,
  };
}

/** Posts `from` down to `from - count + 1`, newest first. */
function posts(from: number, count: number, overrides: Partial<Post> = {}): Post[] {
  return Array.from({ length: count }, (_, index) => post(from - index, overrides));
}

const errorBody = (code: number, message: string) => ({
  status: code,
  body: { code: String(code), message, data: null, timestamp: 't', path: null },
});

/**
 * Holds `route` ("METHOD url") until `release` is called: before it is sent (`request`, the
 * default), or once it is answered but before the caller sees the answer (`answer`).
 */
function holdRoute(route: string, hold: 'request' | 'answer' = 'request') {
  const routed = global.fetch;
  const waiting: Array<() => void> = [];
  const wait = () => new Promise<void>((resolve) => waiting.push(resolve));
  global.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const held = `${init.method ?? 'GET'} ${url}` === route;
    if (held && hold === 'request') await wait();
    const answer = await routed(url, init);
    if (held && hold === 'answer') await wait();
    return answer;
  }) as unknown as typeof fetch;
  return {
    release: () => act(async () => waiting.splice(0).forEach((resolve) => resolve())),
  };
}

const feedGets = (calls: FetchCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/posts'));

async function firstCard(text: string) {
  const card = (await screen.findByText(text)).closest('article');
  if (!card) throw new Error(`no card for ${text}`);
  return card;
}

describe('likes on the feed cards', () => {
  it('likes at once, keeps the server count, and takes it back on the next tap', async () => {
    const { calls } = mockFetch({
      'GET /api/posts?limit=5': { body: [post(2, { likeCount: 3 })] },
      'PUT /api/post/2/like': { body: { liked: true, likeCount: 5 } },
      'DELETE /api/post/2/like': { body: { liked: false, likeCount: 4 } },
    });
    const held = holdRoute('PUT /api/post/2/like');
    const user = userEvent.setup();
    renderWithApp(<PostFeedPage />);
    const card = await firstCard('게시물 2');
    const like = within(card).getByRole('button', { name: '좋아요' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(like).toHaveAccessibleDescription('좋아요 3개');
    const count = within(card).getByRole('button', { name: '좋아요 3개' });
    expect(count).toHaveAttribute('aria-haspopup', 'dialog');
    expect(within(count).getByText('3')).toBeVisible();

    await user.click(like);
    // Shown before the server answers.
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByRole('button', { name: '좋아요 4개' })).toBeInTheDocument();
    await held.release();
    // The server's count (someone else liked it meanwhile) wins.
    expect(await within(card).findByRole('button', { name: '좋아요 5개' })).toBeInTheDocument();
    expect(like).toHaveAttribute('aria-pressed', 'true');

    await user.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(await within(card).findByRole('button', { name: '좋아요 4개' })).toBeInTheDocument();
    expect(writes(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      'PUT /api/post/2/like',
      'DELETE /api/post/2/like',
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes back with a toast when the like is refused', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/posts?limit=5': { body: [post(2, { likeCount: 3 })] },
      'PUT /api/post/2/like': errorBody(500, '서버 오류'),
    });
    const held = holdRoute('PUT /api/post/2/like');
    const user = userEvent.setup();
    renderWithApp(<PostFeedPage />);
    const card = await firstCard('게시물 2');
    const like = within(card).getByRole('button', { name: '좋아요' });
    await user.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByRole('button', { name: '좋아요 4개' })).toBeInTheDocument();
    await held.release();
    expect(await screen.findByRole('alert')).toHaveTextContent('좋아요를 반영하지 못했습니다.');
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(within(card).getByRole('button', { name: '좋아요 3개' })).toBeInTheDocument();
  });

  it('sends quick taps in order and shows the last answer', async () => {
    const { calls } = mockFetch({
      'GET /api/posts?limit=5': { body: [post(2, { likeCount: 1 })] },
      'PUT /api/post/2/like': { body: { liked: true, likeCount: 2 } },
      'DELETE /api/post/2/like': { body: { liked: false, likeCount: 1 } },
    });
    const user = userEvent.setup();
    renderWithApp(<PostFeedPage />);
    const card = await firstCard('게시물 2');
    const like = within(card).getByRole('button', { name: '좋아요' });
    await user.click(like);
    await user.click(like);
    await user.click(like);
    await settle();
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByRole('button', { name: '좋아요 2개' })).toBeInTheDocument();
    expect(writes(calls).map((call) => call.method)).toEqual(['PUT', 'DELETE', 'PUT']);
  });

  it('shows the last of quick taps before any answer, and sends each after the one before', async () => {
    const { calls } = mockFetch({
      'GET /api/posts?limit=5': { body: [post(2, { likeCount: 3 })] },
      'PUT /api/post/2/like': { body: { liked: true, likeCount: 5 } },
      'DELETE /api/post/2/like': { body: { liked: false, likeCount: 4 } },
    });
    const heldPut = holdRoute('PUT /api/post/2/like', 'answer');
    const heldDelete = holdRoute('DELETE /api/post/2/like', 'answer');
    const user = userEvent.setup();
    renderWithApp(<PostFeedPage />);
    const card = await firstCard('게시물 2');
    const like = within(card).getByRole('button', { name: '좋아요' });
    await user.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByRole('button', { name: '좋아요 4개' })).toBeInTheDocument();
    await user.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(within(card).getByRole('button', { name: '좋아요 3개' })).toBeInTheDocument();
    // The unlike waits for the like's answer.
    expect(writes(calls).map((call) => call.method)).toEqual(['PUT']);

    await heldPut.release();
    await waitFor(() =>
      expect(writes(calls).map((call) => call.method)).toEqual(['PUT', 'DELETE']),
    );
    // The like's answer does not show while the unlike is still out.
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(within(card).getByRole('button', { name: '좋아요 3개' })).toBeInTheDocument();

    await heldDelete.release();
    expect(await within(card).findByRole('button', { name: '좋아요 4개' })).toBeInTheDocument();
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes back to the answer of the tap before when the last one is refused', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/posts?limit=5': { body: [post(2, { likeCount: 3 })] },
      'PUT /api/post/2/like': { body: { liked: true, likeCount: 5 } },
      'DELETE /api/post/2/like': errorBody(500, '서버 오류'),
    });
    const held = holdRoute('PUT /api/post/2/like', 'answer');
    const user = userEvent.setup();
    renderWithApp(<PostFeedPage />);
    const card = await firstCard('게시물 2');
    const like = within(card).getByRole('button', { name: '좋아요' });
    await user.click(like);
    await user.click(like);
    await held.release();
    expect(await screen.findByRole('alert')).toHaveTextContent('좋아요를 반영하지 못했습니다.');
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(within(card).getByRole('button', { name: '좋아요 5개' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says nothing when a refused tap was followed by one the server took', async () => {
    const { calls } = mockFetch({
      'GET /api/posts?limit=5': { body: [post(2, { likeCount: 3 })] },
      'PUT /api/post/2/like': errorBody(500, '서버 오류'),
      'DELETE /api/post/2/like': { body: { liked: false, likeCount: 2 } },
    });
    const held = holdRoute('PUT /api/post/2/like', 'answer');
    const user = userEvent.setup();
    renderWithApp(<PostFeedPage />);
    const card = await firstCard('게시물 2');
    const like = within(card).getByRole('button', { name: '좋아요' });
    await user.click(like);
    await user.click(like);
    await held.release();
    expect(await within(card).findByRole('button', { name: '좋아요 2개' })).toBeInTheDocument();
    await settle();
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(writes(calls).map((call) => call.method)).toEqual(['PUT', 'DELETE']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no like when the backend sends no likeCount (the original backend)', async () => {
    mockFetch({
      'GET /api/posts?limit=5': { body: [{ id: 2, text: '원래 백엔드', imageUrl: 'k.png' }] },
    });
    renderWithApp(<PostFeedPage />);
    const card = await firstCard('원래 백엔드');
    expect(within(card).getByRole('button', { name: '댓글' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: '좋아요' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /좋아요/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: '수정' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: '삭제' })).not.toBeInTheDocument();
  });

  it('lists who liked a post, newest first, from the count', async () => {
    mockFetch({
      'GET /api/posts?limit=5': { body: [post(2, { likeCount: 2, liked: true })] },
      'GET /api/post/2/likes': {
        body: [
          { id: 1, name: '테스터', picture: null },
          { id: 12, name: '이서연', picture: 'https://example.com/a.png' },
        ],
      },
    });
    const user = userEvent.setup();
    renderWithApp(<PostFeedPage />);
    const card = await firstCard('게시물 2');
    expect(within(card).getByRole('button', { name: '좋아요' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(card).getByRole('button', { name: '좋아요 2개' }));
    const dialog = await screen.findByRole('dialog', { name: '좋아요한 회원' });
    const list = await within(dialog).findByRole('list', { name: '좋아요한 회원 목록' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('테스터')).toBeInTheDocument();
    expect(within(rows[1]).getByText('이서연')).toBeInTheDocument();
    // The picture is decorative beside the name.
    expect(within(rows[1]).getByRole('presentation')).toHaveAttribute(
      'src',
      'https://example.com/a.png',
    );
    await user.click(within(dialog).getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when nobody likes the post yet', async () => {
    mockFetch({
      'GET /api/posts?limit=5': { body: [post(2)] },
      'GET /api/post/2/likes': { body: [] },
    });
    const user = userEvent.setup();
    renderWithApp(<PostFeedPage />);
    const card = await firstCard('게시물 2');
    await user.click(within(card).getByRole('button', { name: '좋아요 0개' }));
    const dialog = await screen.findByRole('dialog', { name: '좋아요한 회원' });
    expect(await within(dialog).findByText('아직 좋아요한 회원이 없습니다.')).toBeInTheDocument();
  });
});

describe("the member's own posts", () => {
  it("offers 수정 and 삭제 only on the member's own posts", async () => {
    mockFetch({
      'GET /api/posts?limit=5': {
        body: [
          post(3, { mine: true }),
          post(2, { mine: false }),
          { id: 1, text: '게시물 1', imageUrl: null, likeCount: 0 },
        ],
      },
    });
    renderWithApp(<PostFeedPage />);
    const mine = await firstCard('게시물 3');
    expect(within(mine).getByRole('button', { name: '수정' })).toHaveAccessibleDescription(
      '게시물 3',
    );
    expect(within(mine).getByRole('button', { name: '삭제' })).toBeInTheDocument();
    for (const text of ['게시물 2', '게시물 1']) {
      const other = await firstCard(text);
      expect(within(other).queryByRole('button', { name: '수정' })).not.toBeInTheDocument();
      expect(within(other).queryByRole('button', { name: '삭제' })).not.toBeInTheDocument();
    }
  });

  it('refuses a blank text in the edit dialog and sends nothing', async () => {
    const { calls } = mockFetch({
      'GET /api/posts?limit=5': { body: [post(3, { mine: true, text: '원래 글' })] },
    });
    const user = userEvent.setup();
    renderWithApp(<PostFeedPage />);
    const card = await firstCard('원래 글');
    await user.click(within(card).getByRole('button', { name: '수정' }));
    const dialog = await screen.findByRole('dialog', { name: '게시물 수정' });
    const input = within(dialog).getByRole('textbox', { name: '내용' });
    expect(input).toHaveValue('원래 글');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('maxLength', '2000');
    await user.clear(input);
    await user.type(input, '   ');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('내용을 입력해주세요.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(writes(calls)).toEqual([]);
    // Typing clears the message.
    await user.type(input, '글');
    expect(within(dialog).queryByText('내용을 입력해주세요.')).not.toBeInTheDocument();
  });

  it('saves the text, shows it on the card and in the profile grid without reloading either', async () => {
    const { calls } = mockFetch({
      'GET /api/posts?limit=5': { body: [post(3, { mine: true, text: '원래 글' }), post(2)] },
      'GET /api/member/posts': { body: [post(3, { mine: true, text: '원래 글' })] },
      'GET /api/member/friend': { body: [] },
      'PATCH /api/post/3': (body) => ({
        body: post(3, { mine: true, text: (body as { text: string }).text }),
      }),
    });
    const user = userEvent.setup();
    renderWithApp(
      <>
        <PostFeedPage />
        <ProfilePage member={{ name: '테스터', picture: null }} />
      </>,
    );
    const card = await firstCard('원래 글');
    expect(await screen.findByRole('img', { name: '원래 글' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: '수정' }));
    const dialog = await screen.findByRole('dialog', { name: '게시물 수정' });
    const input = within(dialog).getByRole('textbox', { name: '내용' });
    await user.clear(input);
    await user.type(input, '  고친 글  ');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('게시물을 수정했습니다.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(card).getByText('고친 글')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '고친 글' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: 'PATCH', url: '/api/post/3', body: { text: '고친 글' } },
    ]);
    await settle();
    // Neither list was asked for again.
    expect(feedGets(calls)).toHaveLength(1);
    expect(calls.filter((call) => call.url === '/api/member/posts')).toHaveLength(1);
  });

  it("shows the backend's field message when it refuses the text", async () => {
    mockFetch({
      'GET /api/posts?limit=5': { body: [post(3, { mine: true })] },
      'PATCH /api/post/3': {
        status: 400,
        body: {
          code: '400',
          message: '잘못된 요청',
          data: { text: '내용은 2000자 이하로 입력해주세요.' },
          timestamp: 't',
          path: null,
        },
      },
    });
    const user = userEvent.setup();
    renderWithApp(<PostFeedPage />);
    const card = await firstCard('게시물 3');
    await user.click(within(card).getByRole('button', { name: '수정' }));
    const dialog = await screen.findByRole('dialog', { name: '게시물 수정' });
    await user.type(within(dialog).getByRole('textbox', { name: '내용' }), '!');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(
      await within(dialog).findByText('내용은 2000자 이하로 입력해주세요.'),
    ).toBeInTheDocument();
    expect(within(card).getByText('게시물 3')).toBeInTheDocument();
  });

  it('asks before deleting; cancel keeps the post', async () => {
    const { calls } = mockFetch({ 'GET /api/posts?limit=5': { body: [post(3, { mine: true })] } });
    const user = userEvent.setup();
    renderWithApp(<PostFeedPage />);
    const card = await firstCard('게시물 3');
    await user.click(within(card).getByRole('button', { name: '삭제' }));
    const confirm = await screen.findByRole('alertdialog', { name: '게시물 삭제' });
    expect(confirm).toHaveAccessibleDescription(
      '이 게시물을 삭제할까요? 사진과 댓글도 함께 삭제됩니다.',
    );
    await user.click(within(confirm).getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('게시물 3')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('deletes: the card leaves the feed and the profile at once, and the feed keeps paging', async () => {
    const { calls } = mockFetch({
      'GET /api/posts?limit=5': { body: posts(12, 5, { mine: true }) },
      'GET /api/posts/scroll?limit=5&postId=8': { body: posts(7, 5) },
      'GET /api/posts/scroll?limit=5&postId=3': { body: posts(2, 2) },
      'GET /api/member/posts': { body: posts(12, 5, { mine: true }) },
      'GET /api/member/friend': { body: [] },
      'DELETE /api/post/8': { body: 'delete post' },
    });
    const user = userEvent.setup();
    renderWithApp(
      <>
        <PostFeedPage />
        <ProfilePage member={{ name: '테스터', picture: null }} />
      </>,
    );
    expect(await screen.findByText('더 이상 게시물이 없습니다.')).toBeInTheDocument();
    // Only the feed's posts are articles (the profile grid shows thumbnails).
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(await screen.findByRole('img', { name: '게시물 8' })).toBeInTheDocument();

    // The last post of the first page: the next page's key is computed from it.
    const card = await firstCard('게시물 8');
    await user.click(within(card).getByRole('button', { name: '삭제' }));
    const confirm = await screen.findByRole('alertdialog', { name: '게시물 삭제' });
    await user.click(within(confirm).getByRole('button', { name: '삭제' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('게시물을 삭제했습니다.');
    await waitFor(() => expect(screen.queryByText('게시물 8')).not.toBeInTheDocument());
    expect(screen.getAllByRole('article')).toHaveLength(11);
    expect(screen.queryByRole('img', { name: '게시물 8' })).not.toBeInTheDocument();
    expect(screen.getByText('더 이상 게시물이 없습니다.')).toBeInTheDocument();
    await settle();
    expect(writes(calls)).toEqual([{ method: 'DELETE', url: '/api/post/8', body: null }]);
    // Nothing was asked for again.
    expect(feedGets(calls).map((call) => call.url)).toEqual([
      '/api/posts?limit=5',
      '/api/posts/scroll?limit=5&postId=8',
      '/api/posts/scroll?limit=5&postId=3',
    ]);
    expect(calls.filter((call) => call.url === '/api/member/posts')).toHaveLength(1);
  });

  it('keeps the post and says why when the delete fails', async () => {
    mockFetch({
      'GET /api/posts?limit=5': { body: [post(3, { mine: true })] },
      'DELETE /api/post/3': errorBody(404, '게시물을 찾을 수 없습니다.'),
    });
    const user = userEvent.setup();
    renderWithApp(<PostFeedPage />);
    const card = await firstCard('게시물 3');
    await user.click(within(card).getByRole('button', { name: '삭제' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: '삭제' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('게시물을 찾을 수 없습니다.');
    expect(screen.getByText('게시물 3')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '삭제' })).toBeEnabled();
  });
});
