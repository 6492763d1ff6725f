import { deleteMemberCaches } from '@/lib/offline/cache-names';
import { OFFLINE_WARMED_FLAG } from '@/lib/offline/warm-flag';

import { dayOutbox } from './day-outbox';
import { deleteOutboxDatabase } from './outbox-db';

/**
 * What this device keeps of a member for offline use, and how it goes: the outbox's IndexedDB
 * database, the service worker's runtime caches (pages, API reads, photos: cache-names.ts; the
 * app-shell precache holds nothing of a member and stays), and small flags in Web Storage that
 * hold no member data beyond the owner's id.
 */

const OWNER_KEY = 'everyhealth:offline-owner';
const LOGOUT_PENDING_KEY = 'everyhealth:logout-pending';

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

/** Deletes every trace of the member on this device (logout, or another member signing in). */
export async function clearOfflineData(): Promise<void> {
  dayOutbox().close();
  storage('localStorage')?.removeItem(OWNER_KEY);
  storage('localStorage')?.removeItem(OFFLINE_WARMED_FLAG);
  await Promise.all([
    deleteOutboxDatabase().catch(() => undefined),
    deleteMemberCaches().catch(() => undefined),
  ]);
}

/**
 * Makes `memberId` the owner of this device's offline data; when it held another member's (their
 * session ended without a logout here), that is deleted first.
 */
export async function claimOfflineData(memberId: number): Promise<void> {
  const local = storage('localStorage');
  const owner = local?.getItem(OWNER_KEY);
  if (owner && owner !== String(memberId)) await clearOfflineData();
  local?.setItem(OWNER_KEY, String(memberId));
}

/** A logout made offline: the server is told when the connection is back. */
export function markLogoutPending(): void {
  storage('localStorage')?.setItem(LOGOUT_PENDING_KEY, '1');
}

export function isLogoutPending(): boolean {
  return storage('localStorage')?.getItem(LOGOUT_PENDING_KEY) === '1';
}

export function clearLogoutPending(): void {
  storage('localStorage')?.removeItem(LOGOUT_PENDING_KEY);
}
