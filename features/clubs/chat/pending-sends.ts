import { type PendingSend, unconfirmedSends } from './message-list';

/**
 * The sends of one live session whose RECEIPT has not come, by receipt id. The broker receipts a
 * SEND once the message is stored and published; a link that drops first (an instance stopping, a
 * network blip) may have lost it, so after the reconnect's catch-up each one without a stored copy
 * goes again. Each send belongs to the connection (`link`) it went out on: sends on the current
 * connection wait for their own receipt.
 */
export interface PendingSends {
  /** Records a send that went out on connection `link`. */
  add(receipt: string, send: PendingSend, link: number): void;
  /** The receipt came: the broker stored the message. */
  settle(receipt: string): void;
  /**
   * Takes (and forgets) the sends of connections before `link` whose copy is not among `held`:
   * those the dropped links lost, to send again.
   */
  takeLost(link: number, held: Parameters<typeof unconfirmedSends>[1]): PendingSend[];
}

export function createPendingSends(): PendingSends {
  const pending = new Map<string, PendingSend & { link: number }>();
  return {
    add(receipt, send, link) {
      pending.set(receipt, { ...send, link });
    },
    settle(receipt) {
      pending.delete(receipt);
    },
    takeLost(link, held) {
      const earlier = [...pending].filter(([, send]) => send.link < link);
      for (const [receipt] of earlier) pending.delete(receipt);
      return unconfirmedSends(
        earlier.map(([, send]) => send),
        held,
      );
    },
  };
}
