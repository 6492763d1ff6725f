import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { clubRead, clubsRead } from '@/features/clubs/reads/clubs';
import { CLUB_FILTERS } from '@/lib/contract/values';
import { useRead } from '@/lib/hooks/use-read';
import { buildClub } from '@/testing/builders';
import { mockFetch, renderWithApp, settle } from '@/testing/test-helpers';

import { useRevalidateClub, useRevalidateClubs } from './use-revalidate-clubs';

const club = buildClub();
const SEARCHED = '/api/clubs?name=%EB%9F%AC%EB%8B%9D&isMyClubs=1';

/** Two club lists (all, and a search) and another club's page, all cached; the two revalidations. */
function Clubs() {
  const all = useRead(clubsRead, [null]);
  const mine = useRead(clubsRead, [{ name: '러닝', isMyClubs: CLUB_FILTERS.mine }]);
  const other = useRead(clubRead, [4]);
  const revalidateClubs = useRevalidateClubs();
  const revalidateClub = useRevalidateClub();
  return (
    <>
      <p>{all.data && mine.data && other.data ? '읽음' : '읽는 중'}</p>
      <button onClick={() => void revalidateClubs()}>목록</button>
      <button onClick={() => void revalidateClub(4)}>클럽</button>
    </>
  );
}

describe('useRevalidateClubs and useRevalidateClub', () => {
  it('read every cached club list again, searched or not; then the one club’s page', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/clubs': { body: [club] },
      [`GET ${SEARCHED}`]: { body: [] },
      'GET /api/club/4': {
        body: {
          ...club,
          id: 4,
          owner: { id: 2, name: '이서연', picture: null },
          memberCount: 1,
          isMember: false,
          isOwner: false,
        },
      },
    });
    renderWithApp(<Clubs />);
    expect(await screen.findByText('읽음')).toBeInTheDocument();
    const reads = () =>
      calls.filter((call) => call.url !== '/api/login/check').map((call) => call.url);
    calls.length = 0;
    await user.click(screen.getByRole('button', { name: '목록' }));
    await waitFor(() => expect(reads().sort()).toEqual(['/api/clubs', SEARCHED]));
    calls.length = 0;
    await user.click(screen.getByRole('button', { name: '클럽' }));
    await waitFor(() => expect(reads()).toEqual(['/api/club/4']));
    await settle();
    expect(reads()).toEqual(['/api/club/4']);
  });
});
