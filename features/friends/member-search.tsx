'use client';

import { type FormEvent, useEffect, useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { SectionNote } from '@/components/ui/section-note';
import { SkeletonList } from '@/components/ui/skeleton';
import type { FriendRelation, MemberSearchHit } from '@/lib/contract/friend';
import { messages } from '@/lib/i18n/messages';

import { MemberRow } from './member-row';
import styles from './member-search.module.css';
import { RelationActions } from './relation-actions';
import { SectionHeader } from './section';
import { useMemberSearch } from './use-friends';
import { type FriendAction, useFriendshipActions } from './use-friendship-actions';

/** How long typing pauses before the name is searched for. */
const DEBOUNCE_MS = 300;

/** The relation after an action succeeded (until the revalidated search says otherwise). */
const AFTER: Record<FriendAction, FriendRelation> = {
  request: 'SENT',
  accept: 'FRIEND',
  reject: 'NONE',
  cancel: 'NONE',
  end: 'NONE',
};

function HitRow({
  hit,
  busy,
  onAction,
}: {
  hit: MemberSearchHit;
  busy: boolean;
  onAction: (hit: MemberSearchHit, action: FriendAction) => void;
}) {
  const nameId = useId();
  return (
    <li className={styles.item}>
      <MemberRow
        member={hit}
        nameId={nameId}
        actions={
          <RelationActions
            member={hit}
            relation={hit.relation}
            nameId={nameId}
            busy={busy}
            onAction={(action) => onAction(hit, action)}
          />
        }
      />
    </li>
  );
}

/**
 * `친구 찾기`: members by name (the backend's search, which leaves the caller out), each with what
 * the caller can do: `친구 요청`, `요청됨` and `요청 취소`, `수락`/`거절`, or `친구`.
 */
export function MemberSearch() {
  const headingId = useId();
  const inputId = useId();
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const { hits, error, isLoading, mutate } = useMemberSearch(query);
  const actions = useFriendshipActions();

  useEffect(() => {
    const timer = setTimeout(() => setQuery(input), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery(input);
  }

  async function onAction(hit: MemberSearchHit, action: FriendAction) {
    if (await actions.run(action, hit)) {
      await mutate(
        (current) =>
          current?.map((item) =>
            item.id === hit.id ? { ...item, relation: AFTER[action] } : item,
          ),
        { revalidate: false },
      );
    }
  }

  const trimmed = query.trim();
  let body = null;
  if (trimmed && hits && hits.length > 0) {
    body = (
      <ul className={styles.list} aria-labelledby={headingId}>
        {hits.map((hit) => (
          <HitRow
            key={hit.id}
            hit={hit}
            busy={actions.isPending(hit.id)}
            onAction={(item, action) => void onAction(item, action)}
          />
        ))}
      </ul>
    );
  } else if (trimmed && hits) {
    body = <SectionNote title={messages.friends.searchEmpty(trimmed)} />;
  } else if (trimmed && error) {
    body = (
      <InlineLoadError
        message={messages.friends.searchFailed}
        error={error}
        onRetry={() => void mutate()}
      />
    );
  } else if (trimmed && isLoading) {
    body = <SkeletonList rows={1} label={messages.friends.searching} />;
  }

  return (
    <Card aria-labelledby={headingId}>
      <SectionHeader id={headingId} title={messages.friends.searchHeading} />
      <form role="search" aria-labelledby={headingId} className={styles.form} onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visuallyHidden">
          {messages.friends.searchLabel}
        </label>
        <input
          id={inputId}
          type="search"
          className={styles.input}
          value={input}
          maxLength={100}
          autoComplete="off"
          placeholder={messages.friends.searchPlaceholder}
          onChange={(event) => setInput(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {messages.friends.searchSubmit}
        </Button>
      </form>
      <p className="visuallyHidden" aria-live="polite">
        {trimmed && hits ? messages.friends.searchResults(hits.length) : ''}
      </p>
      {body}
    </Card>
  );
}
