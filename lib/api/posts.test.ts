import { postSchema } from '@/lib/contract/post';
import { fetchFriendPosts, fetchLatestPosts, fetchMemberPosts, fetchPostsBefore } from './posts';
import { resetSessionBridge, setSessionSnapshot } from './session-bridge';

/** A page as the original backend sends it: a post of an empty file has `imageUrl: null`. */
const page = [
  { id: 3, text: '사진 없는 글', imageUrl: null },
  { id: 2, text: '사진 있는 글', imageUrl: 'a1b2.png' },
];

beforeEach(() => {
  resetSessionBridge();
  setSessionSnapshot({ isAuthenticated: true, needTokenRefresh: false });
  global.fetch = jest.fn(
    async () =>
      ({ ok: true, status: 200, text: async () => JSON.stringify(page) }) as unknown as Response,
  ) as unknown as typeof fetch;
});

describe('post lists with an image-less post (imageUrl null)', () => {
  it.each([
    ['the feed', () => fetchLatestPosts()],
    ['the next feed page', () => fetchPostsBefore(4)],
    ["the member's posts", () => fetchMemberPosts()],
    ["a friend's posts", () => fetchFriendPosts(7)],
  ])('keeps the whole page of %s', async (_, load) => {
    await expect(load()).resolves.toEqual(page);
  });
});

describe('postSchema', () => {
  it('takes a storage key or null (an empty file on the original backend) as imageUrl', () => {
    expect(postSchema.parse({ id: 1, text: '글', imageUrl: 'k.png' }).imageUrl).toBe('k.png');
    expect(postSchema.parse({ id: 1, text: '글', imageUrl: null }).imageUrl).toBeNull();
    expect(postSchema.safeParse({ id: 1, text: '글' }).success).toBe(false);
    expect(postSchema.safeParse({ id: 1, text: '글', imageUrl: 5 }).success).toBe(false);
  });
});
