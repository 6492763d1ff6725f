import { screen, within } from '@testing-library/react';

import type { Post } from '@/lib/contract/post';
import { renderWithApp, settle } from '@/testing/test-helpers';

import { PostCard } from './post-card';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
}));

afterEach(() => jest.restoreAllMocks());

/** 2026-11-27 12:00 in Seoul. */
const NOW = Date.parse('2026-11-27T03:00:00Z');

function post(overrides: Partial<Post> = {}): Post {
  return {
    id: 5,
    text: '오운완',
    imageUrl: null,
    likeCount: 0,
    liked: false,
    mine: false,
    member: { id: 7, name: '이친구', picture: null },
    createdDate: '2026-11-27T11:57:30.123456',
    ...overrides,
  };
}

async function renderCard(value: Post) {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  renderWithApp(<PostCard post={value} onOpenComments={() => undefined} />);
  await settle();
  return screen.getByRole('article');
}

describe('PostCard byline', () => {
  it("names another member's post's author, linking to their profile, and when it was written", async () => {
    const card = await renderCard(post());
    const author = within(card).getByRole('link', { name: '이친구' });
    expect(author).toHaveAttribute('href', '/friendProfile/7');
    const time = card.querySelector('time');
    expect(time).toHaveTextContent('2분 전');
    expect(time).toHaveAttribute('dateTime', '2026-11-27T11:57:30.123456');
    expect(time).toHaveAttribute('title', '2026년 11월 27일 11:57');
  });

  it("links the member's own post to /profile", async () => {
    const card = await renderCard(
      post({ mine: true, member: { id: 1, name: '테스터', picture: null } }),
    );
    expect(within(card).getByRole('link', { name: '테스터' })).toHaveAttribute('href', '/profile');
  });

  it('tells the own post by the session when the backend does not say `mine`', async () => {
    const card = await renderCard(
      post({ mine: undefined, member: { id: 1, name: '테스터', picture: null } }),
    );
    expect(within(card).getByRole('link', { name: '테스터' })).toHaveAttribute('href', '/profile');
  });

  it('shows older posts with their full date', async () => {
    const old = await renderCard(post({ createdDate: '2026-11-01T09:00:00' }));
    expect(old.querySelector('time')).toHaveTextContent('2026년 11월 1일');
  });

  it('shows only what the original backend sends (no author, no time)', async () => {
    const card = await renderCard(
      post({ member: undefined, createdDate: undefined, mine: undefined }),
    );
    expect(within(card).queryByRole('link')).toBeNull();
    expect(card.querySelector('time')).toBeNull();
    expect(within(card).getByText('오운완')).toBeInTheDocument();
  });

  it('shows the time alone when only the time is known', async () => {
    const card = await renderCard(post({ member: undefined, createdDate: '2026-11-27T11:59:59' }));
    expect(within(card).queryByRole('link')).toBeNull();
    expect(card.querySelector('time')).toHaveTextContent('방금 전');
  });
});
