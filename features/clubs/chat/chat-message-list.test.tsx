import { fireEvent, render, screen, within } from '@testing-library/react';

import { type ChatMessage, DELETED_SENDER } from '@/lib/contract/chat';
import { messages as copy } from '@/lib/i18n/messages';

import { ChatMessageList, type ChatMessageListProps } from './chat-message-list';

function message(messageId: number, memberId = 2): ChatMessage {
  return {
    messageId,
    message: `m${messageId}`,
    member: { id: memberId, name: memberId === 1 ? '테스터' : '이서연', picture: null },
    createdDate: '2025-07-19T14:03:27.123',
  };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => message(from + index));

// jsdom does no layout: the area's content height is whatever the test says it is.
let contentHeight = 0;
const VIEW_HEIGHT = 300;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get: () => contentHeight,
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => VIEW_HEIGHT,
  });
});
afterAll(() => {
  delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

function renderList(list: ChatMessage[]) {
  const props: ChatMessageListProps = {
    messages: list,
    memberId: 1,
    loading: false,
    loadingOlder: false,
    noEarlier: false,
    onLoadOlder: jest.fn(),
  };
  const view = render(<ChatMessageList {...props} />);
  const area = screen.getByRole('log').parentElement!;
  return {
    area,
    onLoadOlder: props.onLoadOlder as jest.Mock,
    show: (next: ChatMessage[]) => view.rerender(<ChatMessageList {...props} messages={next} />),
  };
}

/** The reader scrolls up to read earlier messages (far from both edges). */
function readAt(area: HTMLElement, scrollTop: number) {
  area.scrollTop = scrollTop;
  fireEvent.scroll(area);
}

describe('ChatMessageList scrolling', () => {
  it('opens at the bottom', () => {
    contentHeight = 1000;
    const { area } = renderList(range(1, 10));
    expect(area.scrollTop).toBe(1000);
  });

  it("scrolls to the bottom on every new message, even someone else's while reading far up", () => {
    contentHeight = 1000;
    const { area, show } = renderList(range(1, 10));
    readAt(area, 200);

    contentHeight = 1100;
    show(range(1, 11));
    expect(area.scrollTop).toBe(1100);

    readAt(area, 150);
    contentHeight = 1300;
    show([...range(1, 11), message(12), message(13)]); // a catch-up batch after a reconnect
    expect(area.scrollTop).toBe(1300);

    readAt(area, 400);
    contentHeight = 1400;
    show([...range(1, 13), message(14, 1)]); // one's own
    expect(area.scrollTop).toBe(1400);
  });

  it('keeps the reader on the same messages when an older batch goes in above', () => {
    contentHeight = 1000;
    const { area, show, onLoadOlder } = renderList(range(11, 20));
    readAt(area, 50);
    expect(onLoadOlder).toHaveBeenCalled();

    contentHeight = 1600;
    show(range(1, 20));
    expect(area.scrollTop).toBe(50 + 600);
  });

  it("shows a deleted account's message from `(탈퇴한 회원)`, not as one's own, with no link", () => {
    contentHeight = 100;
    renderList([message(1), { ...message(2), member: { ...DELETED_SENDER } }, message(3, 1)]);
    const items = within(screen.getByRole('log')).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('(탈퇴한 회원)');
    expect(items[1]).toHaveAttribute('data-own', 'false');
    expect(within(items[1]).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[1]).queryByRole('img')).not.toBeInTheDocument();
    expect(copy.chat.deletedMember).toBe(DELETED_SENDER.name);
  });

  it('keeps the messages a list inside the live log (a screen reader counts them)', () => {
    contentHeight = 100;
    renderList([message(1), message(2)]);
    const log = screen.getByRole('log', { name: copy.chat.logLabel });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(within(within(log).getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('a shared routine in the chat (issue 27)', () => {
  it('shows a card that opens the routine under a message carrying its link', () => {
    const token = 'abcdefghijklmnopqrstuv';
    renderList([
      { ...message(1), message: `이 루틴 같이 해요 http://localhost:3000/routine/shared/${token}` },
      message(2),
    ]);
    const card = screen.getByRole('link', { name: /공유된 루틴/ });
    expect(card).toHaveAttribute('href', `/routine/shared/${token}`);
    expect(card).toHaveTextContent('루틴 보기');
    expect(screen.getAllByTestId('shared-routine-card')).toHaveLength(1);
  });
});
