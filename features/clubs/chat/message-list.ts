/**
 * Pure helpers of the chat room's message list: merging history pages, live frames and catch-up
 * batches into one list that is deduplicated by `messageId` and ordered oldest first.
 */

/** The least a chat message needs for merging. */
export interface Identified {
  messageId: number;
}

/** Older messages load when the message area is within 100 px of the top. */
export const LOAD_OLDER_THRESHOLD_PX = 100;

/**
 * Merges `incoming` into `current` (a list this function returned, or empty): one entry per
 * `messageId` (a later copy replaces an earlier one), ordered by `messageId` ascending (ids grow
 * with creation time). Returns `current` itself when nothing changes, so React can skip a render.
 */
export function mergeMessages<T extends Identified>(
  current: readonly T[],
  incoming: readonly T[],
): T[] {
  if (incoming.length === 0) return current as T[];
  // The usual case, a live frame or a catch-up page: all newer than the newest held, in order.
  if (isAscendingAfter(incoming, lastMessageId(current))) return [...current, ...incoming];
  const byId = new Map<number, T>();
  for (const message of current) byId.set(message.messageId, message);
  let changed = false;
  for (const message of incoming) {
    const existing = byId.get(message.messageId);
    if (existing !== message) {
      if (!existing || !sameMessage(existing, message)) changed = true;
      byId.set(message.messageId, existing && sameMessage(existing, message) ? existing : message);
    }
  }
  if (!changed) return current as T[];
  return Array.from(byId.values()).sort((a, b) => a.messageId - b.messageId);
}

/** True when the ids of `list` strictly increase and all exceed `after` (null: no bound). */
function isAscendingAfter(list: readonly Identified[], after: number | null): boolean {
  let previous = after ?? -Infinity;
  for (const message of list) {
    if (message.messageId <= previous) return false;
    previous = message.messageId;
  }
  return true;
}

function sameMessage(a: Identified, b: Identified): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The id of the oldest message held (the `olderMessage` cursor), or null. */
export function firstMessageId(list: readonly Identified[]): number | null {
  return list.length > 0 ? list[0].messageId : null;
}

/** The id of the newest message held (the `newerMessage` cursor after a reconnect), or null. */
export function lastMessageId(list: readonly Identified[]): number | null {
  return list.length > 0 ? list[list.length - 1].messageId : null;
}

/** True when the signed-in member sent the message, by member id (the original client used 1). */
export function isOwnMessage(
  message: { member: { id: number } },
  memberId: number | null | undefined,
): boolean {
  return memberId !== null && memberId !== undefined && message.member.id === memberId;
}

/** The text to send, or null when it is blank after trimming (a blank message is ignored). */
export function messageToSend(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** `HH:mm` of a Seoul `LocalDateTime` (`2025-07-19T14:03:27.123`), or '' when absent or malformed. */
export function timeLabel(createdDate: string | null | undefined): string {
  if (!createdDate) return '';
  const match = /T(\d{2}):(\d{2})/.exec(createdDate);
  return match ? `${match[1]}:${match[2]}` : '';
}

/** A message this page sent whose RECEIPT has not come (the link may have dropped meanwhile). */
export interface PendingSend {
  /** The text as sent (messageToSend's). */
  text: string;
  /** The newest message id held when it was sent: its stored copy can only be newer. */
  after: number | null;
}

/**
 * The pending sends to send again after a reconnect and its catch-up: those with no stored copy
 * among `held` (a message newer than the one held when it was sent, with the same text). A send
 * whose copy is there reached the server before the link dropped; one without did not, and would
 * otherwise be lost silently. Each held message answers for at most one pending send.
 */
export function unconfirmedSends<T extends PendingSend>(
  pending: readonly T[],
  held: readonly (Identified & { message: string })[],
): T[] {
  const used = new Set<number>();
  return pending.filter((send) => {
    const copy = held.find(
      (message) =>
        !used.has(message.messageId) &&
        message.message === send.text &&
        (send.after === null || message.messageId > send.after),
    );
    if (copy) used.add(copy.messageId);
    return !copy;
  });
}
