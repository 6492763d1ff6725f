import { isMemberSearchKey } from '@/lib/api/keys';

import {
  friendCheckRead,
  friendRequestsRead,
  friendsRead,
  friendStatusRead,
  memberRead,
  memberSearchRead,
  sentRequestsRead,
  suggestedFriendsRead,
} from './reads';

const me = { id: 1, name: '김민준', picture: null };
const seoyeon = { id: 12, name: '이서연', picture: 'https://lh3.googleusercontent.com/a/x' };

describe('the friendship lists', () => {
  it('are keyed by their backend paths', () => {
    expect(friendsRead.key()).toBe('/api/member/friend');
    expect(friendRequestsRead.key()).toBe('/api/member/friend/request');
    expect(sentRequestsRead.key()).toBe('/api/member/friend/sent');
  });

  it.each([
    ['friends', friendsRead, { id: 8, member: me, friend: seoyeon }],
    ['incoming requests', friendRequestsRead, { id: 9, member: seoyeon, friend: me }],
    ['sent requests', sentRequestsRead, { id: 10, member: me, friend: seoyeon }],
  ])('hand the %s over as the backend orients them', async (_, read, entry) => {
    const schema = await read.schema();
    expect(read.toView(schema.parse([entry]))).toEqual([entry]);
    expect(schema.safeParse([{ id: 8, member: me }]).success).toBe(false);
  });
});

describe('memberSearchRead', () => {
  it('is keyed by the search path with the name encoded, which isMemberSearchKey knows', () => {
    const key = memberSearchRead.key('이 서연&x');
    expect(key).toBe('/api/members/search?name=%EC%9D%B4+%EC%84%9C%EC%97%B0%26x');
    expect(isMemberSearchKey(key)).toBe(true);
    expect(isMemberSearchKey('/api/members')).toBe(false);
    expect(isMemberSearchKey(['/api/members/search', '이'])).toBe(false);
  });

  it('hands the hits over with their relation, and refuses a hit without one', async () => {
    const schema = await memberSearchRead.schema();
    const hit = { ...seoyeon, relation: 'FRIEND' };
    expect(memberSearchRead.toView(schema.parse([hit]))).toEqual([hit]);
    expect(schema.safeParse([seoyeon]).success).toBe(false);
  });

  it('keeps the last hits while the next name is searched, and does not search again on focus', () => {
    expect(memberSearchRead.swr).toMatchObject({
      keepPreviousData: true,
      revalidateOnFocus: false,
    });
  });
});

describe('suggestedFriendsRead', () => {
  it('hands the members over, and an answer that is not a list as none', async () => {
    expect(suggestedFriendsRead.key()).toBe('/api/member/suggested-friends');
    const schema = await suggestedFriendsRead.schema();
    expect(suggestedFriendsRead.toView(schema.parse([seoyeon]))).toEqual([seoyeon]);
    expect(suggestedFriendsRead.toView(schema.parse({ message: '없음' }))).toEqual([]);
  });

  it('is not asked again on focus (the cards would move)', () => {
    expect(suggestedFriendsRead.swr).toEqual({ revalidateOnFocus: false });
  });
});

describe('a member and the caller’s relation to them', () => {
  it('reads the member’s summary', async () => {
    expect(memberRead.key(12)).toBe('/api/member/friend/12');
    const schema = await memberRead.schema();
    expect(memberRead.toView(schema.parse(seoyeon))).toEqual(seoyeon);
  });

  it('reads the friendship check as the bare boolean the backend sends', async () => {
    expect(friendCheckRead.key(12)).toBe('/api/friend/check/12');
    const schema = await friendCheckRead.schema();
    expect(friendCheckRead.toView(schema.parse(true))).toBe(true);
    expect(friendCheckRead.toView(schema.parse(false))).toBe(false);
    expect(schema.safeParse('true').success).toBe(false);
  });

  it('reads the relation', async () => {
    expect(friendStatusRead.key(12)).toBe('/api/friend/status/12');
    const status = { memberId: 12, relation: 'RECEIVED' };
    const schema = await friendStatusRead.schema();
    expect(friendStatusRead.toView(schema.parse(status))).toEqual(status);
    expect(schema.safeParse({ memberId: 12, relation: 'BLOCKED' }).success).toBe(false);
  });
});
