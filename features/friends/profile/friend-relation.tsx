'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

import { friendStatusRead } from '@/features/friends/reads';
import { RelationActions } from '@/features/friends/relation-actions';
import { type FriendAction, useFriendshipActions } from '@/features/friends/use-friendship-actions';
import type { FriendRelation as Relation, MemberSummary } from '@/lib/contract/friend';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';

import styles from './friend-relation.module.css';

/** The relation after an action succeeded (until the revalidated status says otherwise). */
const AFTER: Record<FriendAction, Relation> = {
  request: 'SENT',
  accept: 'FRIEND',
  reject: 'NONE',
  cancel: 'NONE',
  end: 'NONE',
};

function lockedHint(relation: Relation, name: string): string {
  if (relation === 'SENT') return messages.friendProfile.lockedSentHint(name);
  if (relation === 'RECEIVED') return messages.friendProfile.lockedReceivedHint(name);
  return messages.friendProfile.lockedHint(name);
}

export interface FriendRelationProps {
  member: MemberSummary;
  /**
   * `header`: a friend's `친구` and `친구 끊기` in the profile's header. `locked`: inside the locked
   * state, a friendly line and `친구 요청` (or `요청됨`+`요청 취소`, or `수락`/`거절`).
   */
  placement: 'header' | 'locked';
  /**
   * The backend has just refused a read the page was rendered to show (the friendship ended
   * meanwhile): read the relation and the server page again, so everything locks at once.
   */
  refused?: boolean;
}

/**
 * What the caller can do about the member whose profile this is (GET /api/friend/status/{id},
 * handed over by the server). After an action the server page is read again, so the calendar and
 * posts open (accepted) or lock (ended) at once.
 */
export function FriendRelation({ member, placement, refused = false }: FriendRelationProps) {
  const { data: status, mutate } = useRead(friendStatusRead, [member.id]);
  const relation = status?.relation;
  const actions = useFriendshipActions();
  const router = useRouter();

  useEffect(() => {
    if (!refused) return;
    void mutate();
    router.refresh();
    // Once, when the refusal is first shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refused]);

  if (!relation || relation === 'SELF') return null;
  if ((placement === 'header') !== (relation === 'FRIEND')) return null;

  async function onAction(action: FriendAction) {
    if (await actions.run(action, member)) {
      await mutate({ memberId: member.id, relation: AFTER[action] }, { revalidate: true });
      router.refresh();
    }
  }

  const buttons = (
    <RelationActions
      member={member}
      relation={relation}
      busy={actions.isPending(member.id)}
      allowEnd
      onAction={(action) => void onAction(action)}
    />
  );
  if (placement === 'header') return <div className={styles.actions}>{buttons}</div>;
  return (
    <div className={styles.locked}>
      <p className={styles.hint}>{lockedHint(relation, member.name)}</p>
      <div className={styles.actions}>{buttons}</div>
    </div>
  );
}
