import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unstable_serialize } from 'swr/infinite';

import { feedPageKey, postImageUrl } from '@/lib/api/keys';
import type { Post } from '@/lib/contract/post';
import {
  type FakeReply,
  mockFetch,
  renderServerFirst,
  renderWithApp,
} from '@/testing/test-helpers';

import { PostFeedPage } from './post-feed-page';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
}));

/** Posts `from` down to `from - count + 1`, newest first, as the backend pages them. */
function posts(from: number, count: number): Post[] {
  return Array.from({ length: count }, (_, index) => ({
    id: from - index,
    text: `게시물 ${from - index}`,
    imageUrl: `key-${from - index}.png`,
  }));
}

/**
 * An IntersectionObserver that reports its target as within reach as soon as it is observed (as a
 * real one does for a sentinel already in view), until disconnected.
 */
class ReachingObserver {
  static instances: ReachingObserver[] = [];
  options: IntersectionObserverInit | undefined;
  private connected = true;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    ReachingObserver.instances.push(this);
  }
  observe(target: Element) {
    setTimeout(() => {
      if (!this.connected) return;
      this.callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
    }, 0);
  }
  unobserve() {}
  disconnect() {
    this.connected = false;
  }
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  ReachingObserver.instances = [];
  Object.assign(window, { IntersectionObserver: ReachingObserver });
});
afterEach(() => jest.restoreAllMocks());

const feedCalls = (calls: { url: string }[]) =>
  calls.map((call) => call.url).filter((url) => url.startsWith('/api/posts'));

describe('PostFeedPage', () => {
  it('loads pages of 5 near the bottom and stops after a short page with the end message', async () => {
    const { calls } = mockFetch({
      'GET /api/posts?limit=5': { body: posts(12, 5) },
      'GET /api/posts/scroll?limit=5&postId=8': { body: posts(7, 5) },
      'GET /api/posts/scroll?limit=5&postId=3': { body: posts(2, 2) },
    });
    renderWithApp(<PostFeedPage />);

    // Three pages, one after another: more than findBy's second on a loaded machine.
    expect(
      await screen.findByText('더 이상 게시물이 없습니다.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: '게시물 목록' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(12);
    expect(within(cards[0]).getByText('게시물 12')).toBeInTheDocument();
    expect(within(cards[11]).getByText('게시물 1')).toBeInTheDocument();
    // Give any stray observer a chance: nothing more is asked for after the short page.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(feedCalls(calls)).toEqual([
      '/api/posts?limit=5',
      '/api/posts/scroll?limit=5&postId=8',
      '/api/posts/scroll?limit=5&postId=3',
    ]);
    expect(ReachingObserver.instances[0].options?.rootMargin).toBe('0px 0px 200px 0px');
    expect(screen.queryByText('로딩 중...')).not.toBeInTheDocument();
  });

  it('ends after a full page followed by an empty one', async () => {
    const { calls } = mockFetch({
      'GET /api/posts?limit=5': { body: posts(5, 5) },
      'GET /api/posts/scroll?limit=5&postId=1': { body: [] },
    });
    renderWithApp(<PostFeedPage />);
    expect(
      await screen.findByText('더 이상 게시물이 없습니다.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(feedCalls(calls)).toEqual(['/api/posts?limit=5', '/api/posts/scroll?limit=5&postId=1']);
  });

  it('shows 로딩 중... first, square images from the BFF (lazy after the first), a comment button and the upload link', async () => {
    let release: (reply: FakeReply) => void = () => undefined;
    const first = new Promise<FakeReply>((resolve) => (release = resolve));
    mockFetch({ 'GET /api/posts?limit=5': { body: posts(3, 3) } });
    const routed = global.fetch;
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/posts?limit=5') {
        const reply = await first;
        return {
          ok: true,
          status: 200,
          text: async () => JSON.stringify(reply.body),
        } as Response;
      }
      return routed(url, init);
    }) as unknown as typeof fetch;
    renderWithApp(<PostFeedPage />);

    expect(await screen.findByText('로딩 중...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '포스트 업로드' })).toHaveAttribute(
      'href',
      '/post/upload',
    );
    act(() => release({ body: posts(3, 3) }));
    expect(await screen.findByText('더 이상 게시물이 없습니다.')).toBeInTheDocument();

    const [card, second] = screen.getAllByRole('article');
    const image = within(card).getByRole('img', { name: '게시물 사진' });
    expect(image).toHaveAttribute('src', '/api/images/key-3.png');
    // The first image is the page's largest paint: not lazy, fetched first.
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    const next = within(second).getByRole('img', { name: '게시물 사진' });
    expect(next).toHaveAttribute('loading', 'lazy');
    expect(next).not.toHaveAttribute('fetchpriority');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
    const comment = within(card).getByRole('button', { name: '댓글' });
    expect(comment).toHaveAccessibleDescription('게시물 3');
  });

  it('opens the comments of a post and closes them', async () => {
    mockFetch({
      'GET /api/posts?limit=5': { body: posts(2, 2) },
      'GET /api/comment/2': {
        body: [{ id: 1, name: '김민준', text: '멋져요', localDateTime: '2020-01-02T10:00:00' }],
      },
    });
    const user = userEvent.setup();
    renderWithApp(<PostFeedPage />);
    const [card] = await screen.findAllByRole('article');
    await user.click(within(card).getByRole('button', { name: '댓글' }));
    const dialog = await screen.findByRole('dialog', { name: '댓글' });
    expect(await within(dialog).findByText('멋져요')).toBeInTheDocument();
    expect(within(dialog).getByText('2020년 1월 2일')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows an inline error with retry when the first page fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    mockFetch({
      'GET /api/posts?limit=5': () =>
        fail
          ? {
              status: 500,
              body: { code: '500', message: '오류', data: null, timestamp: 't', path: null },
            }
          : { body: posts(1, 1) },
    });
    const user = userEvent.setup();
    renderWithApp(<PostFeedPage />);
    expect(await screen.findByText('게시물을 불러오지 못했습니다.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('게시물 1')).toBeInTheDocument();
    expect(screen.getByText('더 이상 게시물이 없습니다.')).toBeInTheDocument();
  });

  it('ends an empty feed with the end message, under the empty state with the upload link', async () => {
    const { calls } = mockFetch({ 'GET /api/posts?limit=5': { body: [] } });
    renderWithApp(<PostFeedPage />);
    expect(await screen.findByText('아직 게시물이 없습니다.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('더 이상 게시물이 없습니다.');
    expect(screen.getAllByRole('link', { name: '포스트 업로드' }).length).toBeGreaterThan(0);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(feedCalls(calls)).toEqual(['/api/posts?limit=5']);
  });

  it('shows a post whose imageUrl is null (original backend, empty file) without an image', async () => {
    mockFetch({
      'GET /api/posts?limit=5': {
        body: [
          { id: 2, text: '사진 없는 글', imageUrl: null },
          { id: 1, text: '사진 있는 글', imageUrl: 'key-1.png' },
        ],
      },
    });
    renderWithApp(<PostFeedPage />);
    expect(await screen.findByText('더 이상 게시물이 없습니다.')).toBeInTheDocument();
    const [bare, pictured] = screen.getAllByRole('article');
    expect(within(bare).getByText('사진 없는 글')).toBeInTheDocument();
    expect(within(bare).queryByRole('img')).not.toBeInTheDocument();
    expect(within(bare).getByRole('button', { name: '댓글' })).toBeInTheDocument();
    expect(within(pictured).getByRole('img', { name: '게시물 사진' })).toHaveAttribute(
      'src',
      '/api/images/key-1.png',
    );
    expect(screen.queryByText('게시물을 불러오지 못했습니다.')).not.toBeInTheDocument();
  });
});

describe('PostFeedPage from the server page', () => {
  const fallback = () => ({ [unstable_serialize(feedPageKey)]: [posts(12, 5)] });

  it('shows the handed-over first page at once and scrolls on without asking for it again', async () => {
    const { calls } = mockFetch({
      'GET /api/posts/scroll?limit=5&postId=8': { body: posts(7, 5) },
      'GET /api/posts/scroll?limit=5&postId=3': { body: posts(2, 2) },
    });
    const { loginCheck } = renderServerFirst(<PostFeedPage />, fallback());
    // The first render already holds the page (it is what the server's HTML shows).
    const first = within(screen.getByRole('list', { name: '게시물 목록' })).getAllByRole('article');
    expect(first).toHaveLength(5);
    expect(within(first[0]).getByText('게시물 12')).toBeInTheDocument();
    expect(screen.queryByText('로딩 중...')).not.toBeInTheDocument();

    expect(await screen.findByText('더 이상 게시물이 없습니다.')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(feedCalls(calls)).toEqual([
      '/api/posts/scroll?limit=5&postId=8',
      '/api/posts/scroll?limit=5&postId=3',
    ]);
    expect(loginCheck).not.toHaveBeenCalled();
  });

  it('ends at once when the handed-over page is short, asking for nothing', async () => {
    const { calls } = mockFetch({});
    renderServerFirst(<PostFeedPage />, {
      [unstable_serialize(feedPageKey)]: [posts(2, 2)],
    });
    expect(screen.getByText('더 이상 게시물이 없습니다.')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(feedCalls(calls)).toEqual([]);
  });
});

describe('postImageUrl', () => {
  it('uses the configured base address, else the BFF with the key encoded', () => {
    expect(postImageUrl('a b.png')).toBe('/api/images/a%20b.png');
    // A bucket key keeps its folder as a path: the BFF refuses an encoded slash.
    expect(postImageUrl('images/a b.png')).toBe('/api/images/images/a%20b.png');
    expect(postImageUrl('images/x.png', 'https://cdn.example/')).toBe(
      'https://cdn.example/images/x.png',
    );
  });
});
