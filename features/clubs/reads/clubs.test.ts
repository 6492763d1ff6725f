import { buildUrl } from '@/lib/api/client';
import { CLUBS_KEY, isClubPageKey, isClubsKey } from '@/lib/api/keys';
import type { ClubDetail, ClubListItem, ClubMember } from '@/lib/contract/club';
import { CLUB_FILTERS } from '@/lib/contract/values';
import { buildClub } from '@/testing/builders';

import { clubMembersRead, clubOfRoomRead, clubRead, clubsRead } from './clubs';

const club = buildClub();

describe('clubsRead', () => {
  it('is keyed by the list path before any search, and by its query after one', () => {
    expect(clubsRead.key(null)).toBe('/api/clubs');
    const search = { name: '러닝 크루', isMyClubs: CLUB_FILTERS.mine };
    // The query as the client writes it for the same search, so the URL asked is unchanged.
    expect(clubsRead.key(search)).toBe(buildUrl(CLUBS_KEY, search));
    expect(clubsRead.key(search)).toBe(
      '/api/clubs?name=%EB%9F%AC%EB%8B%9D+%ED%81%AC%EB%A3%A8&isMyClubs=1',
    );
    expect(clubsRead.key({ name: '', isMyClubs: CLUB_FILTERS.all })).toBe(
      '/api/clubs?name=&isMyClubs=0',
    );
  });

  it('hands the clubs over as listed: with this backend’s additions, or without (the original)', async () => {
    const list: ClubListItem[] = [
      { ...club, isMember: true, memberCount: 4 },
      { ...club, id: 4 },
    ];
    expect(clubsRead.toView(list)).toBe(list);
    const schema = await clubsRead.schema();
    expect(schema.safeParse(list).success).toBe(true);
    expect(schema.safeParse([{ ...club, chatRoomId: '7' }]).success).toBe(false);
  });

  it('every list key, searched or not, is revalidated after creating or leaving a club', () => {
    expect(isClubsKey(clubsRead.key(null))).toBe(true);
    expect(isClubsKey(clubsRead.key({ name: '등산', isMyClubs: CLUB_FILTERS.all }))).toBe(true);
    expect(isClubsKey(clubRead.key(3))).toBe(false);
    expect(isClubsKey('/api/clubsearch')).toBe(false);
    expect(isClubsKey(['/api/clubs', null])).toBe(false);
  });
});

describe('clubRead and clubMembersRead', () => {
  it('are keyed by the club page paths, which joining revalidates', () => {
    expect(clubRead.key(3)).toBe('/api/club/3');
    expect(clubMembersRead.key(3)).toBe('/api/club/3/members');
    expect(isClubPageKey(clubRead.key(3), 3)).toBe(true);
    expect(isClubPageKey(clubMembersRead.key(3), 3)).toBe(true);
    expect(isClubPageKey(clubRead.key(4), 3)).toBe(false);
  });

  it('hand the club and its members over as the backend sends them', async () => {
    const detail: ClubDetail = {
      ...club,
      owner: { id: 2, name: '이서연', picture: null },
      memberCount: 2,
      isMember: true,
      isOwner: false,
    };
    const members: ClubMember[] = [
      { id: 2, name: '이서연', picture: null, role: 'OWNER' },
      { id: 1, name: '테스터', picture: 'https://example.com/p.png', role: 'MEMBER' },
    ];
    expect(clubRead.toView(detail)).toBe(detail);
    expect(clubMembersRead.toView(members)).toBe(members);
    expect((await clubRead.schema()).safeParse(club).success).toBe(false);
    expect((await clubMembersRead.schema()).safeParse(members).success).toBe(true);
    expect(
      (await clubMembersRead.schema()).safeParse([{ ...members[0], role: 'ADMIN' }]).success,
    ).toBe(false);
  });
});

describe('clubOfRoomRead', () => {
  it('is keyed by the room and is neither retried nor asked again on focus (a room left is 404)', async () => {
    expect(clubOfRoomRead.key(7)).toBe('/api/club/chatRoom/7');
    expect(clubOfRoomRead.swr).toEqual({ revalidateOnFocus: false, shouldRetryOnError: false });
    expect(clubOfRoomRead.toView(club)).toBe(club);
    expect((await clubOfRoomRead.schema()).safeParse(club).success).toBe(true);
  });
});
