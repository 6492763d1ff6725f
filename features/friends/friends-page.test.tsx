import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import {
  FRIEND_REQUESTS_KEY,
  FRIENDS_KEY,
  SENT_REQUESTS_KEY,
  SUGGESTED_FRIENDS_KEY,
} from '@/lib/api/keys';
import type { Friend, MemberSummary } from '@/lib/contract/friend';
import { mockFetch, renderServerFirst, renderWithApp, writes } from '@/testing/test-helpers';

import { FriendsPage } from './friends-page';

const me: MemberSummary = { id: 1, name: '테스터', picture: null };

function member(id: number, name: string): MemberSummary {
  return { id, name, picture: null };
}

function request(id: number, requester: MemberSummary): Friend {
  return { id, member: requester, friend: me };
}

const minjun = member(11, '김민준');
const seoyeon = member(12, '이서연');
const jiho = member(13, '박지호');

const failure = {
  status: 400,
  body: { code: '400', message: 'x', data: null, timestamp: 't', path: null },
};

function requestsSection() {
  return screen.getByRole('region', { name: '친구 요청' });
}

function suggestedSection() {
  return screen.getByRole('region', { name: '추천 친구' });
}

describe('FriendsPage: requests', () => {
  it.each([
    ['수락', 'accept', '친구 요청을 수락했습니다'],
    ['거절', 'cancel', '친구 요청을 거절했습니다'],
  ])('%s removes the request and toasts the success text', async (label, path, text) => {
    // The server forgets the request once it is answered.
    let pending = [request(5, minjun), request(6, seoyeon)];
    const { calls } = mockFetch({
      'GET /api/member/friend/request': () => ({ body: pending }),
      'GET /api/member/suggested-friends': { body: [] },
      'GET /api/member/friend': { body: [] },
      [`POST /api/friend/${path}/11`]: () => {
        pending = pending.filter((item) => item.member.id !== 11);
        return { body: '친구' };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<FriendsPage />);
    const row = (await within(requestsSection()).findByText('김민준')).closest('li') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: label }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(within(requestsSection()).queryByText('김민준')).not.toBeInTheDocument();
    expect(within(requestsSection()).getByText('이서연')).toBeInTheDocument();
    expect(writes(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST /api/friend/${path}/11`,
    ]);
  });

  it.each([
    ['수락', 'accept', '친구 수락에 실패했습니다'],
    ['거절', 'cancel', '친구 거절에 실패했습니다'],
  ])('a failed %s keeps the request and toasts the failure text', async (label, path, text) => {
    mockFetch({
      'GET /api/member/friend/request': { body: [request(5, minjun)] },
      'GET /api/member/suggested-friends': { body: [] },
      [`POST /api/friend/${path}/11`]: failure,
    });
    const user = userEvent.setup();
    renderWithApp(<FriendsPage />);
    const row = (await within(requestsSection()).findByText('김민준')).closest('li') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: label }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(within(requestsSection()).getByText('김민준')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByRole('button', { name: label })).toBeEnabled());
  });

  it('shows the empty message when there are no requests', async () => {
    mockFetch({
      'GET /api/member/friend/request': { body: [] },
      'GET /api/member/suggested-friends': { body: [] },
    });
    renderWithApp(<FriendsPage />);
    expect(await screen.findByText('새로운 친구 요청이 없습니다.')).toBeInTheDocument();
  });

  it('shows the load failure inline with a retry', async () => {
    let fail = true;
    mockFetch({
      'GET /api/member/friend/request': () =>
        fail ? { status: 500, body: null } : { body: [request(5, minjun)] },
      'GET /api/member/suggested-friends': { body: [] },
    });
    const user = userEvent.setup();
    renderWithApp(<FriendsPage />);
    const alert = await within(requestsSection()).findByRole('alert');
    expect(alert).toHaveTextContent('친구 요청을 불러오는데 실패했습니다.');
    fail = false;
    await user.click(within(requestsSection()).getByRole('button', { name: '다시 시도' }));
    expect(await within(requestsSection()).findByText('김민준')).toBeInTheDocument();
  });

  it('links each requester to their profile', async () => {
    mockFetch({
      'GET /api/member/friend/request': { body: [request(5, minjun)] },
      'GET /api/member/suggested-friends': { body: [] },
    });
    renderWithApp(<FriendsPage />);
    const link = await within(requestsSection()).findByRole('link', { name: '김민준' });
    expect(link).toHaveAttribute('href', '/friendProfile/11');
  });
});

describe('FriendsPage: suggestions', () => {
  it('a card leaves once its request was sent, with the success toast', async () => {
    const { calls } = mockFetch({
      'GET /api/member/friend/request': { body: [] },
      'GET /api/member/suggested-friends': { body: [seoyeon, jiho] },
      'POST /api/friend/request/13': { body: '친구 요청' },
    });
    const user = userEvent.setup();
    renderWithApp(<FriendsPage />);
    const card = (await within(suggestedSection()).findByText('박지호')).closest(
      'li',
    ) as HTMLElement;
    expect(within(card).getByRole('link', { name: '박지호' })).toHaveAttribute(
      'href',
      '/friendProfile/13',
    );
    await user.click(within(card).getByRole('button', { name: '친구 요청' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('친구 요청을 보냈습니다');
    // The card leaves the suggestions; the member shows below as 요청됨 with 요청 취소 (issue 29).
    const cards = within(suggestedSection()).getAllByRole('listitem');
    expect(cards.some((item) => item.textContent?.includes('박지호'))).toBe(false);
    expect(within(suggestedSection()).getByText('이서연')).toBeInTheDocument();
    const justSent = within(suggestedSection()).getByRole('group', {
      name: '방금 요청을 보낸 친구',
    });
    expect(within(justSent).getByText('박지호')).toBeInTheDocument();
    expect(within(justSent).getByText('요청됨')).toBeInTheDocument();
    expect(within(justSent).getByRole('button', { name: '요청 취소' })).toBeInTheDocument();
    expect(writes(calls).map((call) => call.url)).toEqual(['/api/friend/request/13']);
  });

  it('a failed request keeps the card and toasts the failure text', async () => {
    mockFetch({
      'GET /api/member/friend/request': { body: [] },
      'GET /api/member/suggested-friends': { body: [jiho] },
      'POST /api/friend/request/13': failure,
    });
    const user = userEvent.setup();
    renderWithApp(<FriendsPage />);
    await user.click(await within(suggestedSection()).findByRole('button', { name: '친구 요청' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('친구 요청에 실패했습니다');
    expect(within(suggestedSection()).getByText('박지호')).toBeInTheDocument();
  });

  it("a request over the rate limit (429) toasts the server's message", async () => {
    mockFetch({
      'GET /api/member/friend/request': { body: [] },
      'GET /api/member/suggested-friends': { body: [jiho] },
      'POST /api/friend/request/13': {
        status: 429,
        headers: { 'Retry-After': '480' },
        body: {
          code: '429',
          message: '요청이 너무 많습니다. 8분 후에 다시 시도해주세요.',
          data: null,
          timestamp: 't',
          path: null,
        },
      },
    });
    const user = userEvent.setup();
    renderWithApp(<FriendsPage />);
    await user.click(await within(suggestedSection()).findByRole('button', { name: '친구 요청' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '요청이 너무 많습니다. 8분 후에 다시 시도해주세요.',
    );
    expect(within(suggestedSection()).getByText('박지호')).toBeInTheDocument();
  });

  it.each([
    ['an empty list', []],
    ['an object', { content: [jiho] }],
    ['a string', 'nope'],
  ])('shows the empty message for %s', async (_label, body) => {
    mockFetch({
      'GET /api/member/friend/request': { body: [] },
      'GET /api/member/suggested-friends': { body },
    });
    renderWithApp(<FriendsPage />);
    expect(await screen.findByText('추천할 친구가 없습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('FriendsPage from the server page', () => {
  it('shows the handed-over lists at once, asks for neither again, and answers from them', async () => {
    const { calls } = mockFetch({
      'POST /api/friend/accept/11': { body: '친구' },
      'POST /api/friend/request/13': { body: '친구 요청' },
      'GET /api/member/friend/request': { body: [request(6, seoyeon)] },
      'GET /api/member/friend': { body: [] },
    });
    renderServerFirst(<FriendsPage />, {
      [FRIEND_REQUESTS_KEY]: [request(5, minjun), request(6, seoyeon)],
      [SUGGESTED_FRIENDS_KEY]: [jiho],
      [FRIENDS_KEY]: [],
      [SENT_REQUESTS_KEY]: [],
    });
    // The first render holds both lists (what the server's HTML shows).
    expect(within(requestsSection()).getByText('김민준')).toBeInTheDocument();
    expect(within(suggestedSection()).getByText('박지호')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual([]));

    const user = userEvent.setup();
    const row = within(requestsSection()).getByText('김민준').closest('li') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '수락' }));
    await waitFor(() =>
      expect(within(requestsSection()).queryByText('김민준')).not.toBeInTheDocument(),
    );
    expect(within(requestsSection()).getByText('이서연')).toBeInTheDocument();

    // Suggestions are not revalidated after a request: the card leaves from the handed-over list.
    await user.click(within(suggestedSection()).getByRole('button', { name: '친구 요청' }));
    await waitFor(() =>
      expect(within(suggestedSection()).queryByRole('listitem')).not.toBeInTheDocument(),
    );
    expect(within(suggestedSection()).getByText('추천할 친구가 없습니다.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === SUGGESTED_FRIENDS_KEY)).toBe(false);
  });
});

describe('FriendsPage: tabs, search, cancel and 친구 끊기 (issue 29)', () => {
  const friendship = (id: number, other: MemberSummary): Friend => ({
    id,
    member: me,
    friend: other,
  });

  it('lists friends, received and sent requests under three tabs with counts', async () => {
    mockFetch({
      'GET /api/member/friend': { body: [friendship(1, minjun)] },
      'GET /api/member/friend/request': { body: [request(2, seoyeon)] },
      'GET /api/member/friend/sent': { body: [friendship(3, jiho)] },
      'GET /api/member/suggested-friends': { body: [] },
    });
    const user = userEvent.setup();
    renderWithApp(<FriendsPage initialTab="friends" />);
    const tabs = screen.getByRole('tablist', { name: '친구 목록' });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['친구1', '받은 요청1', '보낸 요청1']),
    );
    const panel = screen.getByRole('tabpanel', { name: '친구' });
    expect(await within(panel).findByRole('button', { name: '친구 끊기' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '보낸 요청' }));
    const sent = screen.getByRole('tabpanel', { name: '보낸 요청' });
    expect(within(sent).getByText('박지호')).toBeInTheDocument();
    expect(within(sent).getByText('요청됨')).toBeInTheDocument();
  });

  it('요청 취소 withdraws a sent request with a toast', async () => {
    let sent = [friendship(3, jiho)];
    const { calls } = mockFetch({
      'GET /api/member/friend': { body: [] },
      'GET /api/member/friend/request': { body: [] },
      'GET /api/member/friend/sent': () => ({ body: sent }),
      'GET /api/member/suggested-friends': { body: [] },
      'POST /api/friend/cancel/13': () => {
        sent = [];
        return { body: '친구 거절' };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<FriendsPage initialTab="sent" />);
    const panel = screen.getByRole('tabpanel', { name: '보낸 요청' });
    await user.click(await within(panel).findByRole('button', { name: '요청 취소' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('친구 요청을 취소했습니다');
    expect(await within(panel).findByText('보낸 친구 요청이 없습니다.')).toBeInTheDocument();
    expect(writes(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/friend/cancel/13',
    ]);
  });

  it('친구 끊기 asks first; confirming ends the friendship, cancelling does nothing', async () => {
    let friends = [friendship(1, minjun)];
    const { calls } = mockFetch({
      'GET /api/member/friend': () => ({ body: friends }),
      'GET /api/member/friend/request': { body: [] },
      'GET /api/member/friend/sent': { body: [] },
      'GET /api/member/suggested-friends': { body: [] },
      'DELETE /api/friend/11': () => {
        friends = [];
        return { body: '친구 끊기' };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<FriendsPage initialTab="friends" />);
    const panel = screen.getByRole('tabpanel', { name: '친구' });
    await user.click(await within(panel).findByRole('button', { name: '친구 끊기' }));
    let dialog = await screen.findByRole('alertdialog', { name: '친구를 끊을까요?' });
    expect(dialog).toHaveTextContent('김민준과 더 이상 친구가 아니게 되고');
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(writes(calls)).toEqual([]);
    await user.click(within(panel).getByRole('button', { name: '친구 끊기' }));
    dialog = await screen.findByRole('alertdialog', { name: '친구를 끊을까요?' });
    await user.click(within(dialog).getByRole('button', { name: '친구 끊기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('김민준과 친구를 끊었습니다');
    expect(await within(panel).findByText('아직 친구가 없습니다.')).toBeInTheDocument();
    expect(writes(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE /api/friend/11',
    ]);
  });

  it('searches by name and shows what can be done about each member', async () => {
    const { calls } = mockFetch({
      'GET /api/member/friend': { body: [] },
      'GET /api/member/friend/request': { body: [] },
      'GET /api/member/friend/sent': { body: [] },
      'GET /api/member/suggested-friends': { body: [] },
      'GET /api/members/search?name=%EC%9D%B4': {
        body: [
          { ...seoyeon, relation: 'NONE' },
          { ...member(14, '이하늘'), relation: 'SENT' },
          { ...member(15, '이도윤'), relation: 'RECEIVED' },
          { ...member(16, '이준'), relation: 'FRIEND' },
        ],
      },
      'POST /api/friend/request/12': { body: '친구 요청' },
    });
    const user = userEvent.setup();
    renderWithApp(<FriendsPage />);
    const search = screen.getByRole('search', { name: '친구 찾기' });
    await user.type(within(search).getByRole('searchbox', { name: '이름으로 찾기' }), ' 이 ');
    const region = screen.getByRole('region', { name: '친구 찾기' });
    const row = (name: string) =>
      within(region)
        .getAllByRole('listitem')
        .find((item) => item.textContent?.includes(name)) as HTMLElement;
    await within(region).findByText('이서연');
    expect(within(row('이하늘')).getByText('요청됨')).toBeInTheDocument();
    expect(within(row('이하늘')).getByRole('button', { name: '요청 취소' })).toBeInTheDocument();
    expect(within(row('이도윤')).getByRole('button', { name: '수락' })).toBeInTheDocument();
    expect(within(row('이준')).getByText('친구')).toBeInTheDocument();
    await user.click(within(row('이서연')).getByRole('button', { name: '친구 요청' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('친구 요청을 보냈습니다');
    expect(await within(row('이서연')).findByText('요청됨')).toBeInTheDocument();
    expect(writes(calls).map((call) => call.url)).toEqual(['/api/friend/request/12']);
  });
});
