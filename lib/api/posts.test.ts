import { postSchema } from '@/lib/contract/post';

describe('postSchema', () => {
  it('takes a storage key or null (an empty file on the original backend) as imageUrl', () => {
    expect(postSchema.parse({ id: 1, text: '글', imageUrl: 'k.png' }).imageUrl).toBe('k.png');
    expect(postSchema.parse({ id: 1, text: '글', imageUrl: null }).imageUrl).toBeNull();
    expect(postSchema.safeParse({ id: 1, text: '글' }).success).toBe(false);
    expect(postSchema.safeParse({ id: 1, text: '글', imageUrl: 5 }).success).toBe(false);
  });
});
