import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { ChatMessage } from '@/lib/contract/chat';
import { mockFetch, renderWithApp } from '@/testing/test-helpers';

import { ChatRoom } from './chat-room';
import type { ChatRoom as ChatRoomState, ChatRoomStart } from './use-chat-room';

const push = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }),
}));

let room: ChatRoomState;
const useChatRoom = jest.fn<ChatRoomState, unknown[]>(() => room);
jest.mock('./use-chat-room', () => ({
  useChatRoom: (...args: unknown[]) => useChatRoom(...args),
}));

function message(messageId: number, memberId: number, name: string, text: string): ChatMessage {
  return {
    messageId,
    message: text,
    member: { id: memberId, name, picture: null },
    createdDate: '2025-07-19T14:03:27.123',
  };
}

function fakeRoom(overrides: Partial<ChatRoomState> = {}): ChatRoomState {
  return {
    connected: true,
    refused: false,
    messages: [],
    loading: false,
    error: null,
    loadingOlder: false,
    noEarlier: false,
    send: jest.fn(() => true),
    loadOlder: jest.fn(async () => undefined),
    reload: jest.fn(),
    ...overrides,
  };
}

async function renderRoom(overrides: Partial<ChatRoomState> = {}, start?: ChatRoomStart) {
  room = fakeRoom(overrides);
  renderWithApp(<ChatRoom roomId={5} start={start} />);
  // The session (member id 1, see test-helpers) has loaded once the log knows who is who.
  await screen.findByRole('heading', { level: 1, name: '채팅방 #5' });
  return room;
}

beforeEach(() => {
  push.mockReset();
  useChatRoom.mockClear();
  mockFetch({});
});
afterEach(() => jest.restoreAllMocks());

describe('ChatRoom', () => {
  it("hands the server's start (latest messages, or the refusal) to the room hook", async () => {
    const start: ChatRoomStart = { refused: false, messages: [message(1, 2, '이서연', '안녕')] };
    await renderRoom({ messages: start.messages }, start);
    expect(useChatRoom).toHaveBeenCalledWith(5, start);
    expect(screen.getByText('안녕')).toBeVisible();
  });

  it('keeps input and send disabled, and says 연결 중..., until connected', async () => {
    await renderRoom({ connected: false });
    expect(screen.getByText('연결 중...')).toBeVisible();
    expect(screen.getByLabelText('메시지 입력')).toBeDisabled();
    expect(screen.getByLabelText('메시지 입력')).toHaveAttribute(
      'placeholder',
      '메시지를 입력하세요...',
    );
    expect(screen.getByRole('button', { name: '전송' })).toBeDisabled();
  });

  it('says it is offline instead of 연결 중..., with the composer off, and recovers online', async () => {
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderRoom({ connected: false });
    expect(
      screen.getByText('오프라인입니다. 연결되면 메시지를 보낼 수 있습니다.'),
    ).toBeInTheDocument();
    expect(screen.getByText('오프라인')).toBeInTheDocument();
    expect(screen.queryByText('연결 중...')).not.toBeInTheDocument();
    expect(screen.getByLabelText('메시지 입력')).toBeDisabled();
    onLine.mockReturnValue(true);
    act(() => {
      fireEvent(window, new Event('online'));
    });
    expect(
      screen.queryByText('오프라인입니다. 연결되면 메시지를 보낼 수 있습니다.'),
    ).not.toBeInTheDocument();
    expect(screen.getByText('연결 중...')).toBeInTheDocument();
  });

  it('says why a refused member cannot chat, not 연결 중... or a load failure', async () => {
    await renderRoom({
      connected: false,
      refused: true,
      messages: [message(1, 2, '이서연', '안녕')],
    });
    expect(screen.getByRole('status')).toHaveTextContent('참여할 수 없음');
    expect(screen.getByRole('alert')).toHaveTextContent(
      '이 채팅방에 참여할 수 없습니다. 클럽에 가입했는지 확인해주세요.',
    );
    expect(screen.queryByText('연결 중...')).toBeNull();
    expect(screen.queryByText('메시지를 불러오지 못했습니다.')).toBeNull();
    expect(screen.getByRole('link', { name: '클럽 목록으로' })).toHaveAttribute('href', '/club');
    expect(screen.getByLabelText('메시지 입력')).toBeDisabled();
    expect(screen.getByText('안녕')).toBeVisible();
  });

  it('shows the history failure with a retry when the history failed', async () => {
    const user = userEvent.setup();
    const { reload } = await renderRoom({ connected: true, error: new Error('boom') });
    expect(screen.getByRole('alert')).toHaveTextContent('메시지를 불러오지 못했습니다.');
    expect(screen.getByText('연결됨')).toBeVisible();
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(reload).toHaveBeenCalled();
  });

  it('puts own messages (sender id = signed-in member id) on the right, names others', async () => {
    await renderRoom({
      messages: [message(1, 2, '이서연', '안녕하세요'), message(2, 1, '테스터', '반가워요')],
    });
    const log = screen.getByRole('log');
    expect(log).toHaveAttribute('aria-live', 'polite');
    await waitFor(() =>
      expect(within(log).getByText('반가워요').closest('li')).toHaveAttribute('data-own', 'true'),
    );
    const other = within(log).getByText('안녕하세요').closest('li')!;
    expect(other).toHaveAttribute('data-own', 'false');
    expect(within(other).getByText('이서연')).toBeVisible();
    expect(within(other).getByRole('img', { name: '이서연' })).toHaveTextContent('이');
    const own = within(log).getByText('반가워요').closest('li')!;
    expect(within(own).queryByText('테스터', { selector: '[class*="sender"]' })).toBeNull();
  });

  it('shows the loading and end-of-history notes', async () => {
    await renderRoom({ loading: true });
    expect(screen.getByText('메시지를 불러오는 중...')).toBeVisible();
  });

  it('says 이전 메시지가 없습니다 when history is exhausted', async () => {
    await renderRoom({ noEarlier: true, messages: [message(1, 2, '이서연', '첫 메시지')] });
    expect(screen.getByText('이전 메시지가 없습니다')).toBeVisible();
  });

  it('Enter sends and clears the input; the send button too', async () => {
    const user = userEvent.setup();
    const { send } = await renderRoom();
    const input = screen.getByLabelText('메시지 입력');
    await user.type(input, '안녕{Enter}');
    expect(send).toHaveBeenCalledWith('안녕');
    expect(input).toHaveValue('');
    await user.type(input, '두 번째');
    await user.click(screen.getByRole('button', { name: '전송' }));
    expect(send).toHaveBeenLastCalledWith('두 번째');
    expect(input).toHaveValue('');
  });

  it('does not send on the Enter that ends an IME composition', async () => {
    const { send } = await renderRoom();
    const input = screen.getByLabelText('메시지 입력');
    fireEvent.change(input, { target: { value: '안녕' } });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 });
    expect(send).not.toHaveBeenCalled();
    expect(input).toHaveValue('안녕');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(send).toHaveBeenCalledWith('안녕');
  });

  it('ignores blank messages', async () => {
    const user = userEvent.setup();
    const { send } = await renderRoom();
    const input = screen.getByLabelText('메시지 입력');
    await user.type(input, '   {Enter}');
    await user.click(screen.getByRole('button', { name: '전송' }));
    expect(send).not.toHaveBeenCalled();
  });

  const roomClub = {
    id: 3,
    title: '한강 러닝',
    content: 'c',
    location: 'l',
    schedule: 's',
    highlight: 'h',
    chatRoomId: 5,
  };
  const detail = (role: 'owner' | 'member') => ({
    ...roomClub,
    owner: { id: role === 'owner' ? 1 : 2, name: '방장', picture: null },
    memberCount: 2,
    isMember: true,
    isOwner: role === 'owner',
  });

  /** Opens the header's ⋯ menu and waits for `item` in it. */
  async function openMenu(user: ReturnType<typeof userEvent.setup>, item: string) {
    const button = screen.getByRole('button', { name: '채팅방 메뉴' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    return screen.findByRole('menuitem', { name: item });
  }

  it("without the club's page read, the menu keeps the spec's 나가기: looks up the club, leaves, toasts, /club", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/club/chatRoom/5': { body: roomClub },
      // GET /api/club/3 is not mocked: 404, as on a backend without the club's page read.
      'DELETE /api/club/3/leave': { body: null },
    });
    await renderRoom();
    expect(screen.queryByRole('button', { name: '나가기' })).toBeNull();
    await user.click(await openMenu(user, '나가기'));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription(
      '채팅방을 나가시겠습니까? 방장인 경우 클럽이 삭제됩니다.',
    );
    await user.click(within(dialog).getByRole('button', { name: '나가기' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/club'));
    expect(screen.getByRole('alert')).toHaveTextContent('채팅방에서 나갔습니다.');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain('DELETE /api/club/3/leave');
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/club/3')).toBe(
      false,
    );
  });

  it("the spec's 나가기: cancelling sends nothing; a failure toasts and stays", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { calls } = mockFetch({});
    await renderRoom();
    await user.click(await openMenu(user, '나가기'));
    await user.click(screen.getByRole('button', { name: '취소' }));
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    await user.click(await openMenu(user, '나가기'));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '나가기' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('채팅방 나가기에 실패했습니다.');
    expect(push).not.toHaveBeenCalled();
  });

  it('a member leaves from the menu as 클럽 탈퇴, with copy for a member, then lands on /club', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/club/chatRoom/5': { body: roomClub },
      'GET /api/club/3': { body: detail('member') },
      'DELETE /api/club/3/leave': { body: null },
    });
    await renderRoom();
    expect(await openMenu(user, '클럽 정보')).toHaveAttribute('href', '/club/3');
    const leave = await screen.findByRole('menuitem', { name: '클럽 탈퇴' });
    expect(screen.queryByRole('menuitem', { name: '클럽 삭제' })).toBeNull();
    await user.click(leave);
    const dialog = screen.getByRole('alertdialog', { name: '클럽 탈퇴' });
    expect(dialog).toHaveAccessibleDescription(/^한강 러닝에서 탈퇴할까요\?/);
    expect(dialog).not.toHaveTextContent('방장인 경우');
    await user.click(within(dialog).getByRole('button', { name: '탈퇴하기' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/club'));
    expect(screen.getByRole('alert')).toHaveTextContent('한강 러닝에서 탈퇴했습니다.');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/club/3/leave',
    ]);
  });

  it('the owner deletes as 클럽 삭제 only after typing the exact club name', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/club/chatRoom/5': { body: roomClub },
      'GET /api/club/3': { body: detail('owner') },
      'DELETE /api/club/3': { body: null },
    });
    await renderRoom();
    await user.click(await openMenu(user, '클럽 삭제'));
    expect(screen.queryByRole('menu')).toBeNull();
    const dialog = screen.getByRole('alertdialog', { name: '클럽 삭제' });
    expect(dialog).toHaveAccessibleDescription(/^한강 러닝을 삭제하면/);
    const input = within(dialog).getByLabelText('확인을 위해 클럽 이름을 그대로 입력하세요.');
    expect(input).toHaveFocus();
    const remove = within(dialog).getByRole('button', { name: '클럽 삭제' });
    expect(remove).toBeDisabled();
    await user.type(input, '한강러닝');
    expect(remove).toBeDisabled();
    expect(within(dialog).getByText('클럽 이름이 일치하지 않습니다.')).toBeVisible();
    await user.clear(input);
    await user.type(input, '한강 러닝 ');
    expect(remove).toBeDisabled();
    await user.type(input, '{Backspace}');
    expect(remove).toBeEnabled();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(remove);
    await waitFor(() => expect(push).toHaveBeenCalledWith('/club'));
    expect(screen.getByRole('alert')).toHaveTextContent('한강 러닝을 삭제했습니다.');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/club/3',
    ]);
  });

  it('the ⋯ menu works from the keyboard: arrows, Escape returns focus to its button', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/club/chatRoom/5': { body: roomClub },
      'GET /api/club/3': { body: detail('member') },
    });
    await renderRoom();
    const button = screen.getByRole('button', { name: '채팅방 메뉴' });
    await screen.findByRole('button', { name: '채팅방 메뉴' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: '클럽 정보' })).toHaveFocus());
    await waitFor(() => expect(screen.getByRole('menuitem', { name: '클럽 탈퇴' })).toBeVisible());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '클럽 탈퇴' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '클럽 정보' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeVisible();
  });

  it('offers no menu in a room that refuses the member', async () => {
    await renderRoom({ refused: true }, { refused: true });
    expect(screen.queryByRole('button', { name: '채팅방 메뉴' })).toBeNull();
  });

  it('shows where the member had read to, and marks the room read up to the newest message', async () => {
    const { calls } = mockFetch({
      'PUT /api/rooms/5/read': { body: { roomId: 5, lastReadMessageId: 13, unreadCount: 0 } },
    });
    const held = [
      message(10, 2, '이서연', '어제 이야기'),
      message(11, 1, '테스터', '내 답장'),
      message(12, 2, '이서연', '새 소식'),
      message(13, 3, '박지호', '저도요'),
    ];
    await renderRoom({ messages: held }, { refused: false, messages: held, lastReadMessageId: 10 });
    // On the first later message of someone else (the member's own reply does not count), inside
    // its item: the log still holds one item per message.
    const items = within(screen.getByRole('log')).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    const marked = items.filter((item) => item.textContent?.includes('여기까지 읽었습니다'));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toHaveTextContent('새 소식');
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.url}`)).toContain('PUT /api/rooms/5/read'),
    );
    const put = calls.find((call) => call.url === '/api/rooms/5/read');
    expect(put?.body).toEqual({ messageId: 13 });
  });

  it('puts no divider on messages that arrive while the member looks', async () => {
    mockFetch({
      'PUT /api/rooms/5/read': { body: { roomId: 5, lastReadMessageId: 12, unreadCount: 0 } },
    });
    // A new room: nothing read (0), only the member's own message found on coming in; then a
    // message of someone else arrives live.
    const found = [message(10, 1, '테스터', '방을 만들었어요')];
    const live = message(12, 2, '이서연', '들어왔어요');
    await renderRoom(
      { messages: [...found, live] },
      { refused: false, messages: found, lastReadMessageId: 0 },
    );
    expect(screen.getByText('들어왔어요')).toBeVisible();
    expect(screen.queryByText('여기까지 읽었습니다')).toBeNull();
  });

  it('shows no divider without a read position, or when nothing of others came after it', async () => {
    mockFetch({
      'PUT /api/rooms/5/read': { body: { roomId: 5, lastReadMessageId: 11, unreadCount: 0 } },
    });
    const held = [message(10, 2, '이서연', '안녕'), message(11, 1, '테스터', '반가워요')];
    await renderRoom({ messages: held }, { refused: false, messages: held, lastReadMessageId: 10 });
    expect(screen.queryByText('여기까지 읽었습니다')).toBeNull();
  });

  it('does not mark a refused room read', async () => {
    const { calls } = mockFetch({});
    await renderRoom({ refused: true }, { refused: true });
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(calls.some((call) => call.url.endsWith('/read'))).toBe(false);
  });
});
