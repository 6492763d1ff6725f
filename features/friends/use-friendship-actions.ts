'use client';

import { useConfirm } from '@/components/ui/confirm-dialog';
import { failureMessage } from '@/components/ui/errors';
import { useToast } from '@/components/ui/toast';
import { loadApi } from '@/lib/api/load';
import type { MemberSummary } from '@/lib/contract/friend';
import { messages } from '@/lib/i18n/messages';

import { useRevalidateFriendships } from './use-friends';
import { usePendingIds } from './use-pending-ids';

/** What the caller can do about another member. */
export type FriendAction = 'request' | 'accept' | 'reject' | 'cancel' | 'end';

const ACTIONS: Record<
  FriendAction,
  {
    call: (memberId: number) => Promise<void>;
    done: (name: string) => string;
    failed: string;
  }
> = {
  request: {
    call: async (id) => (await loadApi()).sendFriendRequest(id),
    done: () => messages.friends.requestSent,
    failed: messages.friends.requestFailed,
  },
  accept: {
    call: async (id) => (await loadApi()).acceptFriendRequest(id),
    done: () => messages.friends.accepted,
    failed: messages.friends.acceptFailed,
  },
  reject: {
    call: async (id) => (await loadApi()).rejectFriendRequest(id),
    done: () => messages.friends.rejected,
    failed: messages.friends.rejectFailed,
  },
  cancel: {
    call: async (id) => (await loadApi()).cancelFriendRequest(id),
    done: () => messages.friends.cancelled,
    failed: messages.friends.cancelFailed,
  },
  end: {
    call: async (id) => (await loadApi()).endFriendship(id),
    done: (name) => messages.friends.unfriended(name),
    failed: messages.friends.unfriendFailed,
  },
};

/**
 * The friend actions with the spec's toasts (and their own for cancel and `친구 끊기`, which asks
 * first in a confirmation dialog). `run` resolves true once the server agreed; then every list,
 * relation, check and friend-gated read is revalidated. A member's buttons are busy meanwhile.
 */
export function useFriendshipActions() {
  const toast = useToast();
  const confirm = useConfirm();
  const revalidate = useRevalidateFriendships();
  const pending = usePendingIds();

  async function run(action: FriendAction, member: MemberSummary): Promise<boolean> {
    if (action === 'end') {
      const confirmed = await confirm({
        title: messages.friends.unfriendTitle,
        message: messages.friends.unfriendMessage(member.name),
        confirmLabel: messages.friends.unfriend,
        tone: 'danger',
      });
      if (!confirmed) return false;
    }
    const { call, done, failed } = ACTIONS[action];
    let succeeded = false;
    await pending.run(member.id, async () => {
      try {
        await call(member.id);
        succeeded = true;
        toast.success(done(member.name));
      } catch (failure) {
        toast.error(failureMessage(failure, failed));
      }
    });
    if (succeeded) void revalidate();
    return succeeded;
  }

  return { run, isPending: pending.isPending };
}
