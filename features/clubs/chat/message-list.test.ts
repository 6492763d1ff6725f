import type { ChatMessage } from '@/lib/contract/chat';

import { parseBroadcastFrame } from './broadcast';
import {
  firstMessageId,
  isOwnMessage,
  lastMessageId,
  mergeMessages,
  messageToSend,
  timeLabel,
  unconfirmedSends,
} from './message-list';

function message(messageId: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    messageId,
    message: `메시지 ${messageId}`,
    member: { id: 1, name: '김민준', picture: null },
    createdDate: '2025-07-19T14:03:27.123',
    ...overrides,
  };
}

const ids = (list: ChatMessage[]) => list.map((item) => item.messageId);

describe('mergeMessages', () => {
  it('appends live messages and prepends older batches, ordered by messageId', () => {
    const history = [message(5), message(6)];
    const withLive = mergeMessages(history, [message(7)]);
    expect(ids(withLive)).toEqual([5, 6, 7]);
    expect(ids(mergeMessages(withLive, [message(2), message(3), message(4)]))).toEqual([
      2, 3, 4, 5, 6, 7,
    ]);
  });

  it('drops duplicates (a live frame that the catch-up also returns)', () => {
    const current = [message(1), message(2)];
    const merged = mergeMessages(current, [message(2), message(3), message(3)]);
    expect(ids(merged)).toEqual([1, 2, 3]);
  });

  it('orders out-of-order arrivals (a catch-up batch after a newer live frame)', () => {
    const afterLive = mergeMessages([message(1)], [message(4)]);
    expect(ids(mergeMessages(afterLive, [message(2), message(3), message(4)]))).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('returns the same array when nothing changes', () => {
    const current = [message(1), message(2)];
    expect(mergeMessages(current, [])).toBe(current);
    expect(mergeMessages(current, [message(2)])).toBe(current);
  });

  it('keeps a later copy of the same id when its content differs', () => {
    const merged = mergeMessages([message(1)], [message(1, { message: '수정됨' })]);
    expect(merged[0].message).toBe('수정됨');
  });
});

describe('cursors', () => {
  it('first and last ids, null when empty', () => {
    expect(firstMessageId([])).toBeNull();
    expect(lastMessageId([])).toBeNull();
    expect(firstMessageId([message(3), message(9)])).toBe(3);
    expect(lastMessageId([message(3), message(9)])).toBe(9);
  });
});

describe('isOwnMessage', () => {
  it('compares the sender id with the signed-in member id', () => {
    expect(isOwnMessage(message(1, { member: { id: 7, name: 'a', picture: null } }), 7)).toBe(true);
    expect(isOwnMessage(message(1, { member: { id: 1, name: 'a', picture: null } }), 7)).toBe(
      false,
    );
    expect(isOwnMessage(message(1), null)).toBe(false);
    expect(isOwnMessage(message(1), undefined)).toBe(false);
  });
});

describe('messageToSend', () => {
  it('trims, and ignores blank text', () => {
    expect(messageToSend('  안녕  ')).toBe('안녕');
    expect(messageToSend('   \n ')).toBeNull();
    expect(messageToSend('')).toBeNull();
  });
});

describe('timeLabel', () => {
  it('formats HH:mm of a local date-time', () => {
    expect(timeLabel('2025-07-19T09:05:27.123456')).toBe('09:05');
    expect(timeLabel('')).toBe('');
    expect(timeLabel(undefined)).toBe('');
  });
});

describe('parseBroadcastFrame', () => {
  it('takes the message from the envelope body', () => {
    const body = JSON.stringify({
      headers: {},
      body: message(101),
      statusCode: 'OK',
      statusCodeValue: 200,
    });
    expect(parseBroadcastFrame(body)).toEqual(message(101));
  });

  it('returns null (and logs) for a malformed frame', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(parseBroadcastFrame('not json')).toBeNull();
    expect(parseBroadcastFrame(JSON.stringify({ body: { nope: 1 } }))).toBeNull();
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });
});

describe('unconfirmedSends', () => {
  const held = (messageId: number, message: string) => ({ messageId, message });

  it('keeps a send whose stored copy is not among the messages after it', () => {
    const pending = [{ text: '안녕', after: 10 }];
    expect(unconfirmedSends(pending, [held(9, '안녕'), held(11, '다른 말')])).toEqual(pending);
  });

  it('drops a send whose copy arrived (live or by the catch-up)', () => {
    expect(unconfirmedSends([{ text: '안녕', after: 10 }], [held(12, '안녕')])).toEqual([]);
    expect(unconfirmedSends([{ text: '첫 말', after: null }], [held(1, '첫 말')])).toEqual([]);
  });

  it('matches each stored copy to one send only (the same text sent twice, one lost)', () => {
    const pending = [
      { text: 'ㅋㅋ', after: 10 },
      { text: 'ㅋㅋ', after: 10 },
    ];
    expect(unconfirmedSends(pending, [held(11, 'ㅋㅋ')])).toEqual([pending[1]]);
  });
});
