/**
 * Keys for writes the backend applies once (`Idempotency-Key`): the offline queue's changes and
 * the account import, each sent again after a lost answer with the same key.
 */

/** A random idempotency key (UUID v4 where the browser has it). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
