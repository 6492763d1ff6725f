import { FEED_PAGE_SIZE, likersKey } from '@/lib/api/keys';
import { resetSessionBridge, setSessionSnapshot } from '@/lib/api/session-bridge';
import { fetchReadAt } from '@/lib/reads/fetch-read';
import { mockFetch } from '@/testing/test-helpers';

import {
  commentsRead,
  friendPostsRead,
  latestPostsRead,
  likersRead,
  memberPostsRead,
  olderPostsRead,
} from './reads';

/** A page as the original backend sends it: a post of an empty file has `imageUrl: null`. */
const page = [
  { id: 3, text: '사진 없는 글', imageUrl: null },
  { id: 2, text: '사진 있는 글', imageUrl: 'a1b2.png' },
];

/** A post as this backend sends it (issue 16 and 29 additions: likes, author, time, image size). */
const post = {
  id: 7,
  text: '오운완',
  imageUrl: 'images/k.webp',
  imageWidth: 1080,
  imageHeight: 1350,
  imagePlaceholder: 'YTkGJwaRhWUIt4lIUA==',
  likeCount: 2,
  liked: true,
  mine: false,
  member: { id: 12, name: '이서연', picture: null },
  createdDate: '2026-11-25T08:30:00',
};

beforeEach(() => {
  resetSessionBridge();
  setSessionSnapshot({ isAuthenticated: true, needTokenRefresh: false });
});

describe('the post lists', () => {
  it('are keyed by the paths the feed, the profile and a friend’s profile ask', () => {
    expect(latestPostsRead.key(FEED_PAGE_SIZE)).toBe('/api/posts?limit=5');
    expect(olderPostsRead.key(12, FEED_PAGE_SIZE)).toBe('/api/posts/scroll?limit=5&postId=12');
    expect(memberPostsRead.key()).toBe('/api/member/posts');
    expect(friendPostsRead.key(9)).toBe('/api/posts/friend/9');
  });

  it.each([
    ['the feed', latestPostsRead],
    ['the next feed page', olderPostsRead],
    ["the member's posts", memberPostsRead],
    ["a friend's posts", friendPostsRead],
  ])('hand %s over as the backend lists them, every field kept', async (_, read) => {
    const schema = await read.schema();
    expect(read.toView(schema.parse([post]))).toEqual([post]);
    expect(schema.safeParse([{ id: 1, text: '글' }]).success).toBe(false);
  });

  describe('with an image-less post (imageUrl null)', () => {
    it.each([
      ['the feed', () => latestPostsRead.key(FEED_PAGE_SIZE), latestPostsRead],
      ['the next feed page', () => olderPostsRead.key(4, FEED_PAGE_SIZE), olderPostsRead],
      ["the member's posts", () => memberPostsRead.key(), memberPostsRead],
      ["a friend's posts", () => friendPostsRead.key(7), friendPostsRead],
    ])('keep the whole page of %s', async (_, path, read) => {
      mockFetch({ [`GET ${path()}`]: { body: page } });
      await expect(fetchReadAt(read, path())).resolves.toEqual(page);
    });
  });
});

describe('likersRead', () => {
  it('reads who likes a post', async () => {
    const likers = [{ id: 3, name: '이서연', picture: null }];
    const { calls } = mockFetch({ 'GET /api/post/9/likes': { body: likers } });
    await expect(fetchReadAt(likersRead, likersRead.key(9))).resolves.toEqual(likers);
    expect(calls[0].url).toBe(likersKey(9));
    expect(likersKey(9)).toBe('/api/post/9/likes');
  });
});

describe('commentsRead', () => {
  it('is keyed by the post’s comments path and hands them over in server order', async () => {
    expect(commentsRead.key(5)).toBe('/api/comment/5');
    const comments = [
      { id: 2, name: '김민준', text: '멋져요', mine: true, localDateTime: '2026-11-25T09:00:00' },
      { id: 1, name: '이서연', text: '화이팅', localDateTime: '2026-11-25T08:59:59.123' },
    ];
    const schema = await commentsRead.schema();
    expect(commentsRead.toView(schema.parse(comments))).toEqual(comments);
    expect(schema.safeParse([{ ...comments[0], localDateTime: '어제' }]).success).toBe(false);
  });
});
