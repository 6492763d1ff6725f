'use client';

import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SkeletonList } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { loadApi } from '@/lib/api/load';
import type { Friend } from '@/lib/contract/friend';
import { useFriendRequests, useRevalidateFriendships } from '@/lib/hooks/use-friends';
import { messages } from '@/lib/i18n/messages';
import { MemberRow } from './member-row';
import { failureMessage } from '@/components/workout/errors';
import { InlineLoadError } from '@/components/workout/inline-load-error';
import { SectionHeader, SectionNote } from './section';
import { usePendingIds } from './use-pending-ids';
import styles from './friends-page.module.css';

type Answer = 'accept' | 'reject';

const ANSWERS = {
  accept: {
    call: async (memberId: number) => (await loadApi()).acceptFriendRequest(memberId),
    done: messages.friends.accepted,
    failed: messages.friends.acceptFailed,
  },
  reject: {
    call: async (memberId: number) => (await loadApi()).rejectFriendRequest(memberId),
    done: messages.friends.rejected,
    failed: messages.friends.rejectFailed,
  },
} as const;

function RequestRow({
  request,
  busy,
  onAnswer,
}: {
  request: Friend;
  busy: boolean;
  onAnswer: (request: Friend, answer: Answer) => void;
}) {
  const nameId = useId();
  return (
    <li className={styles.requestItem}>
      <MemberRow
        member={request.member}
        nameId={nameId}
        actions={
          <>
            <Button
              aria-describedby={nameId}
              disabled={busy}
              onClick={() => onAnswer(request, 'accept')}
            >
              {messages.friends.accept}
            </Button>
            <Button
              variant="secondary"
              aria-describedby={nameId}
              disabled={busy}
              onClick={() => onAnswer(request, 'reject')}
            >
              {messages.friends.reject}
            </Button>
          </>
        }
      />
    </li>
  );
}

/**
 * `친구 요청`: requests sent to the caller, each with `수락` / `거절`. Either answer removes the
 * request from the list once the server agreed, with the spec's toast; a failure keeps it and
 * toasts the failure text.
 */
export function FriendRequests() {
  const headingId = useId();
  const { requests, error, mutate } = useFriendRequests();
  const revalidate = useRevalidateFriendships();
  const toast = useToast();
  const pending = usePendingIds();

  async function onAnswer(request: Friend, answer: Answer) {
    const { call, done, failed } = ANSWERS[answer];
    await pending.run(request.id, async () => {
      try {
        await call(request.member.id);
        // The server's first list is SWR fallback, outside the cache until something is written.
        await mutate((current) => (current ?? requests)?.filter((item) => item.id !== request.id), {
          revalidate: false,
        });
        toast.success(done);
        void revalidate();
      } catch (failure) {
        toast.error(failureMessage(failure, failed));
      }
    });
  }

  let body;
  if (requests && requests.length > 0) {
    body = (
      <ul className={styles.requestList} aria-labelledby={headingId}>
        {requests.map((request) => (
          <RequestRow
            key={request.id}
            request={request}
            busy={pending.isPending(request.id)}
            onAnswer={(item, answer) => void onAnswer(item, answer)}
          />
        ))}
      </ul>
    );
  } else if (requests) {
    body = <SectionNote title={messages.friends.noRequests} hint={messages.friends.requestsHint} />;
  } else if (error) {
    body = (
      <InlineLoadError
        message={messages.friends.requestsLoadFailed}
        error={error}
        onRetry={() => void mutate()}
      />
    );
  } else {
    body = <SkeletonList rows={2} label={messages.friends.requestsLoading} />;
  }

  return (
    <Card aria-labelledby={headingId}>
      <SectionHeader
        id={headingId}
        title={messages.friends.requests}
        count={requests && requests.length > 0 ? requests.length : undefined}
      />
      {body}
    </Card>
  );
}
