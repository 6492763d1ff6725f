'use client';

import { useSyncExternalStore } from 'react';
import type { ScopedMutator } from 'swr';

import { createOutbox, EMPTY_OUTBOX_SNAPSHOT, type Outbox, type OutboxSnapshot } from './outbox';
import { defaultOutboxStorage } from './outbox-db';

/**
 * The browser's one day-log outbox. The signed-in shell opens it for the member, hands it the SWR
 * cache's writer (`setCacheMutator`, to read confirmed days again into it), and closes it at
 * logout. Sending and reading again load their code with the first change, not with the page.
 */

let mutator: ScopedMutator | null = null;

/** The SWR cache the confirmed days are read again into (it lives in React). */
export function setCacheMutator(next: ScopedMutator): void {
  mutator = next;
}

async function refresh(dates: readonly string[]): Promise<readonly string[]> {
  if (!mutator) return [];
  const { createDayRefresher } = await import('./refresh-days');
  return createDayRefresher(mutator)(dates);
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

let instance: Outbox | null = null;

/** The outbox (created on first use, in the browser). */
export function dayOutbox(): Outbox {
  instance ??= createOutbox({
    storage: defaultOutboxStorage(),
    send: async (change, ids) => (await import('./send-change')).sendChange(change, ids),
    refresh,
    isBrowserOnline: browserOnline,
  });
  return instance;
}

const subscribe = (listener: () => void) => dayOutbox().subscribe(listener);
const getSnapshot = () => dayOutbox().getSnapshot();
const getServerSnapshot = () => EMPTY_OUTBOX_SNAPSHOT;

/** The outbox's state; re-renders on every change of it. */
export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/** Replaces the instance (tests). */
export function resetDayOutbox(next: Outbox | null = null): void {
  instance?.close();
  instance = next;
  mutator = null;
}
