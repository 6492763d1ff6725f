'use client';

import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PlusIcon } from '@/components/ui/icons';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { SectionNote } from '@/components/ui/section-note';
import { Skeleton } from '@/components/ui/skeleton';
import type { MemberSummary } from '@/lib/contract/friend';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';

import styles from './friends-page.module.css';
import { MemberLink, MemberRow } from './member-row';
import { suggestedFriendsRead } from './reads';
import { RelationActions } from './relation-actions';
import { SectionHeader } from './section';
import { useFriendshipActions } from './use-friendship-actions';

function SuggestionCard({
  member,
  busy,
  onSend,
}: {
  member: MemberSummary;
  busy: boolean;
  onSend: (member: MemberSummary) => void;
}) {
  const nameId = useId();
  return (
    <li className={styles.suggestion}>
      <MemberLink member={member} nameId={nameId} size="lg" stacked className={styles.stack} />
      <Button
        size="sm"
        variant="secondary"
        block
        icon={<PlusIcon />}
        aria-describedby={nameId}
        disabled={busy}
        onClick={() => onSend(member)}
      >
        {busy ? messages.friends.sending : messages.friends.sendRequest}
      </Button>
    </li>
  );
}

function SuggestionSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="visuallyHidden">{messages.friends.suggestedLoading}</span>
      <ul className={styles.suggestions} aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className={`${styles.suggestion} ${styles.suggestionSkeleton}`}>
            <Skeleton variant="avatar" className={styles.skeletonAvatar} />
            <Skeleton short />
            <Skeleton variant="button" />
          </li>
        ))}
      </ul>
    </div>
  );
}

function JustSentRow({
  member,
  busy,
  onCancel,
}: {
  member: MemberSummary;
  busy: boolean;
  onCancel: (member: MemberSummary) => void;
}) {
  const nameId = useId();
  return (
    <div className={styles.justSentRow}>
      <MemberRow
        member={member}
        nameId={nameId}
        actions={
          <RelationActions
            member={member}
            relation="SENT"
            nameId={nameId}
            busy={busy}
            onAction={() => onCancel(member)}
          />
        }
      />
    </div>
  );
}

/**
 * `추천 친구`: members to befriend as cards with a `친구 요청` button; a card leaves once its request
 * was sent (`친구 요청을 보냈습니다`) and the member shows below as `요청됨` with `요청 취소` (and
 * under `보낸 요청`); a card stays with `친구 요청에 실패했습니다` when it failed. An answer that is
 * not a list counts as no suggestions.
 */
export function SuggestedFriends() {
  const headingId = useId();
  const justSentId = useId();
  const { data: suggested, error, mutate } = useRead(suggestedFriendsRead, []);
  const actions = useFriendshipActions();
  const [justSent, setJustSent] = useState<MemberSummary[]>([]);

  async function onSend(member: MemberSummary) {
    if (await actions.run('request', member)) {
      // The server's first list is SWR fallback, outside the cache until something is written.
      await mutate((current) => (current ?? suggested)?.filter((item) => item.id !== member.id), {
        revalidate: false,
      });
      setJustSent((current) => [member, ...current.filter((item) => item.id !== member.id)]);
    }
  }

  async function onCancel(member: MemberSummary) {
    if (await actions.run('cancel', member)) {
      setJustSent((current) => current.filter((item) => item.id !== member.id));
      await mutate((current) => [member, ...(current ?? suggested ?? [])], { revalidate: false });
    }
  }

  let body;
  if (suggested && suggested.length > 0) {
    body = (
      <ul className={styles.suggestions} aria-labelledby={headingId}>
        {suggested.map((member) => (
          <SuggestionCard
            key={member.id}
            member={member}
            busy={actions.isPending(member.id)}
            onSend={(item) => void onSend(item)}
          />
        ))}
      </ul>
    );
  } else if (suggested) {
    body = <SectionNote title={messages.friends.noSuggested} />;
  } else if (error) {
    body = (
      <InlineLoadError
        message={messages.friends.suggestedLoadFailed}
        error={error}
        onRetry={() => void mutate()}
      />
    );
  } else {
    body = <SuggestionSkeleton />;
  }

  return (
    <Card aria-labelledby={headingId}>
      <SectionHeader id={headingId} title={messages.friends.suggested} />
      {suggested && suggested.length > 0 ? (
        <p className={styles.hint}>{messages.friends.suggestedHint}</p>
      ) : null}
      {body}
      {justSent.length > 0 ? (
        <div className={styles.justSent} role="group" aria-labelledby={justSentId}>
          <p className={styles.justSentTitle} id={justSentId}>
            {messages.friends.justSent}
          </p>
          {justSent.map((member) => (
            <JustSentRow
              key={member.id}
              member={member}
              busy={actions.isPending(member.id)}
              onCancel={(item) => void onCancel(item)}
            />
          ))}
        </div>
      ) : null}
    </Card>
  );
}
