import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { unstable_serialize } from 'swr/infinite';

import { feedPageKey } from '@/lib/api/keys';
import type { Post } from '@/lib/contract/post';
import { mockFetch, renderServerFirst, renderWithApp, settle } from '@/testing/test-helpers';

import { useFeed } from './use-feed';
import { useFriendPosts, useMemberPosts } from './use-member-posts';
import { type PostLists, usePostLists } from './use-post-lists';

const post = (id: number, text = `글 ${id}`): Post => ({
  id,
  text,
  imageUrl: null,
  likeCount: 0,
  liked: false,
});

/** What the tests call, handed out by the rendered component. */
const handles = {} as { lists: PostLists; loadMore: () => void };

function Lists({ friendId }: { friendId: number }) {
  const lists = usePostLists();
  const feed = useFeed();
  useEffect(() => {
    handles.lists = lists;
    handles.loadMore = feed.loadMore;
  });
  const mine = useMemberPosts();
  const friend = useFriendPosts(friendId);
  const show = (name: string, posts: readonly Post[] | undefined) => (
    <ul aria-label={name}>
      {posts?.map((entry) => (
        <li key={entry.id}>{`${entry.text} ♥${entry.likeCount ?? '-'}`}</li>
      ))}
    </ul>
  );
  return (
    <>
      {show('feed', feed.posts)}
      {show('mine', mine.posts)}
      {show('friend', friend.posts)}
      <p>{feed.isEnd ? 'end' : 'more'}</p>
    </>
  );
}

const texts = (name: string) =>
  Array.from(screen.getByRole('list', { name }).querySelectorAll('li'), (item) => item.textContent);

describe('usePostLists', () => {
  it("changes a post in the feed, the member's and a friend's posts without asking again", async () => {
    const { calls } = mockFetch({
      'GET /api/posts?limit=5': { body: [post(5), post(4), post(3, '친구 글')] },
      'GET /api/member/posts': { body: [post(5)] },
      'GET /api/posts/friend/9': { body: [post(3, '친구 글')] },
    });
    renderWithApp(<Lists friendId={9} />);
    await screen.findByText('친구 글 ♥0', { selector: '[aria-label=friend] li' });
    await screen.findByText('글 5 ♥0', { selector: '[aria-label=mine] li' });
    const asked = calls.length;

    await act(() => handles.lists.patchPost(3, { likeCount: 2, liked: true }));
    expect(texts('feed')).toEqual(['글 5 ♥0', '글 4 ♥0', '친구 글 ♥2']);
    expect(texts('friend')).toEqual(['친구 글 ♥2']);

    await act(() => handles.lists.patchPost(5, { text: '고친 글' }));
    expect(texts('feed')[0]).toBe('고친 글 ♥0');
    expect(texts('mine')).toEqual(['고친 글 ♥0']);

    await act(() => handles.lists.removePost(5));
    expect(texts('feed')).toEqual(['글 4 ♥0', '친구 글 ♥2']);
    expect(texts('mine')).toEqual([]);
    await settle();
    expect(calls).toHaveLength(asked);
  });

  it('keeps the page boundaries of the feed, so a full page still leads to the next', async () => {
    const page = [5, 4, 3, 2, 1].map((id) => post(id + 5));
    const { calls } = mockFetch({
      'GET /api/posts/scroll?limit=5&postId=6': { body: [post(5), post(4)] },
    });
    // The first page as the server page hands it over (recorded by useFeed without its key).
    renderServerFirst(<Lists friendId={9} />, {
      [unstable_serialize(feedPageKey)]: [page],
    });
    await act(() => handles.lists.removePost(6));
    expect(texts('feed')).toEqual(['글 10 ♥0', '글 9 ♥0', '글 8 ♥0', '글 7 ♥0']);
    expect(screen.getByText('more')).toBeInTheDocument();
    // The next page is still the one after the removed post, as the server paged it.
    await act(async () => handles.loadMore());
    await screen.findByText('글 4 ♥0');
    expect(texts('feed')).toEqual([
      '글 10 ♥0',
      '글 9 ♥0',
      '글 8 ♥0',
      '글 7 ♥0',
      '글 5 ♥0',
      '글 4 ♥0',
    ]);
    expect(screen.getByText('end')).toBeInTheDocument();
    expect(calls.map((call) => call.url).filter((url) => url.startsWith('/api/posts?'))).toEqual(
      [],
    );
  });
});
