'use client';

import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import type { FriendRelation, MemberSummary } from '@/lib/contract/friend';
import { messages } from '@/lib/i18n/messages';

import styles from './relation-actions.module.css';
import type { FriendAction } from './use-friendship-actions';

export interface RelationActionsProps {
  member: MemberSummary;
  relation: FriendRelation;
  /** id of the member's name: the buttons are described by it (several rows have `수락`). */
  nameId?: string;
  busy: boolean;
  onAction: (action: FriendAction) => void;
  /** Offer `친구 끊기` to a friend (a profile, the friends tab); else a friend shows `친구` only. */
  allowEnd?: boolean;
  size?: 'sm' | 'md';
}

/**
 * The caller's relation to a member as what can be done about it: `친구 요청` to a stranger,
 * `요청됨` and `요청 취소` for a request sent, `수락`/`거절` for one received, `친구` (and
 * `친구 끊기` where allowed) for a friend.
 */
export function RelationActions({
  relation,
  nameId,
  busy,
  onAction,
  allowEnd = false,
  size = 'md',
}: RelationActionsProps) {
  const common = { 'aria-describedby': nameId, disabled: busy, size } as const;
  switch (relation) {
    case 'NONE':
      return (
        <Button {...common} icon={<PlusIcon />} onClick={() => onAction('request')}>
          {busy ? messages.friends.sending : messages.friends.sendRequest}
        </Button>
      );
    case 'SENT':
      return (
        <>
          <span className={styles.state}>{messages.friends.requested}</span>
          <Button {...common} variant="secondary" onClick={() => onAction('cancel')}>
            {messages.friends.cancelRequest}
          </Button>
        </>
      );
    case 'RECEIVED':
      return (
        <>
          <Button {...common} onClick={() => onAction('accept')}>
            {messages.friends.accept}
          </Button>
          <Button {...common} variant="secondary" onClick={() => onAction('reject')}>
            {messages.friends.reject}
          </Button>
        </>
      );
    case 'FRIEND':
      return (
        <>
          <span className={`${styles.state} ${styles.friend}`}>{messages.friends.isFriend}</span>
          {allowEnd ? (
            <Button {...common} variant="secondary" onClick={() => onAction('end')}>
              {messages.friends.unfriend}
            </Button>
          ) : null}
        </>
      );
    default:
      return null;
  }
}
