import { createPendingSends } from './pending-sends';

const held = (messageId: number, message: string) => ({ messageId, message });

describe('createPendingSends', () => {
  it('gives back the sends of earlier connections that have no stored copy, once', () => {
    const pending = createPendingSends();
    pending.add('send-1', { text: '도착', after: 1 }, 1);
    pending.add('send-2', { text: '잃어버림', after: 1 }, 1);
    pending.add('send-3', { text: '지금', after: 1 }, 2);
    const lost = pending.takeLost(2, [held(1, '잃어버림'), held(2, '도착')]);
    // '잃어버림' at id 1 is older than the send: not its copy.
    expect(lost.map((send) => send.text)).toEqual(['잃어버림']);
    // Taken: a second look finds nothing of connection 1; connection 2's own send still waits.
    expect(pending.takeLost(2, [])).toEqual([]);
    expect(pending.takeLost(3, []).map((send) => send.text)).toEqual(['지금']);
  });

  it('forgets a send once its receipt came', () => {
    const pending = createPendingSends();
    pending.add('send-1', { text: '안녕', after: null }, 1);
    pending.settle('send-1');
    expect(pending.takeLost(2, [])).toEqual([]);
  });
});
