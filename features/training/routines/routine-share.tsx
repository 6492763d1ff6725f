'use client';

import { useState, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { describeError } from '@/components/ui/errors';
import { useToast } from '@/components/ui/toast';
import { type Routine, sharedRoutinePath } from '@/features/training/reads/routines';
import { ROUTINES_KEY } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import { messages } from '@/lib/i18n/messages';

import styles from './routine-card.module.css';

const noSubscription = () => () => {};

/** This page's origin in the browser, '' on the server (so hydration matches, then it fills in). */
function useOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
}

/**
 * The owner's share controls of a routine (issue 27): `공유 링크 만들기` while not shared; once
 * shared, the link, `링크 복사` and `공유 중지` (confirmed: links already sent stop working).
 */
export function RoutineShare({ routine }: { routine: Routine }) {
  const [busy, setBusy] = useState(false);
  const { mutate } = useSWRConfig();
  const toast = useToast();
  const confirm = useConfirm();
  const token = routine.shareToken;
  const origin = useOrigin();

  async function onShare() {
    setBusy(true);
    try {
      await (await loadApi()).shareRoutine(routine.routineId);
      await mutate(ROUTINES_KEY);
      toast.success(messages.routine.shared);
    } catch (failure) {
      toast.error(describeError(failure, messages.routine.shareFailed));
    } finally {
      setBusy(false);
    }
  }

  async function onCopyLink(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(messages.routine.linkCopied);
    } catch {
      toast.error(messages.routine.linkCopyFailed);
    }
  }

  async function onRevoke() {
    const ok = await confirm({
      title: messages.routine.revokeConfirmTitle,
      message: messages.routine.revokeConfirm(routine.routineName),
      confirmLabel: messages.routine.revoke,
      tone: 'danger',
    });
    if (!ok) return;
    setBusy(true);
    try {
      await (await loadApi()).revokeRoutineShare(routine.routineId);
      await mutate(ROUTINES_KEY);
      toast.success(messages.routine.revoked);
    } catch (failure) {
      toast.error(describeError(failure, messages.routine.revokeFailed));
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <div className={styles.share}>
        <Button variant="secondary" size="sm" onClick={() => void onShare()} disabled={busy}>
          {busy ? messages.routine.sharing : messages.routine.share}
        </Button>
      </div>
    );
  }
  const url = origin + sharedRoutinePath(token);
  return (
    <div className={styles.share}>
      <p className={styles.shareLine}>
        <span className={styles.sharedBadge}>{messages.routine.sharedBadge}</span>
        <a
          className={styles.shareLink}
          href={sharedRoutinePath(token)}
          aria-label={messages.routine.shareLinkLabel(routine.routineName)}
        >
          {url}
        </a>
      </p>
      <div className={styles.shareActions}>
        <Button variant="secondary" size="sm" onClick={() => void onCopyLink(url)}>
          {messages.routine.copyLink}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => void onRevoke()} disabled={busy}>
          {messages.routine.revoke}
        </Button>
      </div>
    </div>
  );
}
