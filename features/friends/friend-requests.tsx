'use client';

import { useId } from 'react';

import { InlineLoadError } from '@/components/ui/inline-load-error';
import { SectionNote } from '@/components/ui/section-note';
import { SkeletonList } from '@/components/ui/skeleton';
import type { Friend } from '@/lib/contract/friend';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';

import styles from './friends-page.module.css';
import { MemberRow } from './member-row';
import { friendRequestsRead } from './reads';
import { RelationActions } from './relation-actions';
import { SectionHeader } from './section';
import { type FriendAction, useFriendshipActions } from './use-friendship-actions';

function RequestRow({
  request,
  busy,
  onAnswer,
}: {
  request: Friend;
  busy: boolean;
  onAnswer: (request: Friend, answer: FriendAction) => void;
}) {
  const nameId = useId();
  return (
    <li className={styles.requestItem}>
      <MemberRow
        member={request.member}
        nameId={nameId}
        actions={
          <RelationActions
            member={request.member}
            relation="RECEIVED"
            nameId={nameId}
            busy={busy}
            onAction={(answer) => onAnswer(request, answer)}
          />
        }
      />
    </li>
  );
}

/**
 * `친구 요청`: requests sent to the caller, each with `수락` / `거절` (the `받은 요청` tab). Either
 * answer removes the request from the list once the server agreed, with the spec's toast; a
 * failure keeps it and toasts the failure text.
 */
export function FriendRequests() {
  const headingId = useId();
  const { data: requests, error, mutate } = useRead(friendRequestsRead, []);
  const actions = useFriendshipActions();

  async function onAnswer(request: Friend, answer: FriendAction) {
    if (await actions.run(answer, request.member)) {
      // The server's first list is SWR fallback, outside the cache until something is written.
      await mutate((current) => (current ?? requests)?.filter((item) => item.id !== request.id), {
        revalidate: false,
      });
    }
  }

  let body;
  if (requests && requests.length > 0) {
    body = (
      <ul className={styles.requestList} aria-labelledby={headingId}>
        {requests.map((request) => (
          <RequestRow
            key={request.id}
            request={request}
            busy={actions.isPending(request.member.id)}
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
    <section aria-labelledby={headingId}>
      <SectionHeader
        id={headingId}
        title={messages.friends.requests}
        count={requests && requests.length > 0 ? requests.length : undefined}
      />
      {body}
    </section>
  );
}
