'use client';

import { useId } from 'react';
import type { KeyedMutator } from 'swr';

import { InlineLoadError } from '@/components/ui/inline-load-error';
import { SectionNote } from '@/components/ui/section-note';
import { SkeletonList } from '@/components/ui/skeleton';
import type { Friend } from '@/lib/contract/friend';
import { messages } from '@/lib/i18n/messages';

import styles from './friends-page.module.css';
import { MemberRow } from './member-row';
import { RelationActions } from './relation-actions';
import { SectionHeader } from './section';
import { useFriendshipActions } from './use-friendship-actions';

/** What tells the `친구` and `보낸 요청` tabs apart: the relation shown and the action it offers. */
export interface RelationListKind {
  relation: 'FRIEND' | 'SENT';
  /** `end` (친구 끊기) for friends, `cancel` (요청 취소) for sent requests. */
  action: 'end' | 'cancel';
  heading: string;
  empty: string;
  emptyHint: string;
  loadFailed: string;
  loading: string;
}

export interface RelationListProps {
  kind: RelationListKind;
  /** The list as the tab's SWR hook holds it (undefined while loading). */
  entries: Friend[] | undefined;
  error: unknown;
  mutate: KeyedMutator<Friend[]>;
}

/**
 * One tab of /friend that lists members in one relation to the caller, each a link to their
 * profile with the relation's action; an entry leaves the list once the server agreed.
 */
export function RelationList({ kind, entries, error, mutate }: RelationListProps) {
  const headingId = useId();
  const actions = useFriendshipActions();

  async function act(entry: Friend) {
    if (await actions.run(kind.action, entry.friend)) {
      await mutate((current) => (current ?? entries)?.filter((item) => item.id !== entry.id), {
        revalidate: false,
      });
    }
  }

  let body;
  if (entries && entries.length > 0) {
    body = (
      <ul className={styles.requestList} aria-labelledby={headingId}>
        {entries.map((entry) => (
          <RelationRow
            key={entry.id}
            entry={entry}
            kind={kind}
            busy={actions.isPending(entry.friend.id)}
            onAction={(item) => void act(item)}
          />
        ))}
      </ul>
    );
  } else if (entries) {
    body = <SectionNote title={kind.empty} hint={kind.emptyHint} />;
  } else if (error) {
    body = (
      <InlineLoadError message={kind.loadFailed} error={error} onRetry={() => void mutate()} />
    );
  } else {
    body = <SkeletonList rows={2} label={kind.loading} />;
  }

  return (
    <section aria-labelledby={headingId}>
      <SectionHeader
        id={headingId}
        title={kind.heading}
        count={entries && entries.length > 0 ? entries.length : undefined}
      />
      {body}
    </section>
  );
}

function RelationRow({
  entry,
  kind,
  busy,
  onAction,
}: {
  entry: Friend;
  kind: RelationListKind;
  busy: boolean;
  onAction: (entry: Friend) => void;
}) {
  const nameId = useId();
  return (
    <li className={styles.requestItem}>
      <MemberRow
        member={entry.friend}
        nameId={nameId}
        actions={
          <RelationActions
            member={entry.friend}
            relation={kind.relation}
            nameId={nameId}
            busy={busy}
            allowEnd={kind.action === 'end'}
            onAction={() => onAction(entry)}
          />
        }
      />
    </li>
  );
}

/** The `친구` tab's kind. */
export const FRIENDS_KIND: RelationListKind = {
  relation: 'FRIEND',
  action: 'end',
  heading: messages.friends.friendsHeading,
  empty: messages.friends.noFriends,
  emptyHint: messages.friends.noFriendsHint,
  loadFailed: messages.friends.friendsLoadFailed,
  loading: messages.friends.friendsLoading,
};

/** The `보낸 요청` tab's kind. */
export const SENT_KIND: RelationListKind = {
  relation: 'SENT',
  action: 'cancel',
  heading: messages.friends.sentHeading,
  empty: messages.friends.noSent,
  emptyHint: messages.friends.sentHint,
  loadFailed: messages.friends.sentLoadFailed,
  loading: messages.friends.sentLoading,
};
