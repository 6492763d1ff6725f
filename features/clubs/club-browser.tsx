'use client';

import { type FormEvent, type ReactNode, useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { describeError } from '@/components/ui/errors';
import { ClubIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { clubsRead } from '@/features/clubs/reads/clubs';
import type { ClubSearch } from '@/lib/api/keys';
import { CLUB_FILTERS, type ClubFilter } from '@/lib/contract/values';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';

import { ClubCard } from './club-card';
import styles from './club-list-page.module.css';

function ClubSkeleton() {
  return (
    <div className={styles.loading}>
      <p className={styles.loadingText} role="status">
        {messages.clubs.loading}
      </p>
      <div className={styles.grid} aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <Card key={index} className={styles.skeletonCard}>
            <Skeleton variant="block" />
            <Skeleton variant="title" />
            <Skeleton />
            <Skeleton short />
          </Card>
        ))}
      </div>
    </div>
  );
}

function isFilter(value: string): value is ClubFilter {
  return value === CLUB_FILTERS.all || value === CLUB_FILTERS.mine;
}

/**
 * The club search and its results (/club's client leaf): all clubs on open (the server page's SWR
 * fallback); `검색` (or Enter) refetches with the search text and the filter (`전체` 0, `나의 클럽`
 * 1). A grid of poster cards, `로딩 중...` while loading, an empty state (offering `createLink`)
 * and an inline error with retry.
 */
export function ClubBrowser({ createLink }: { createLink: ReactNode }) {
  const searchId = useId();
  const filterId = useId();
  const [name, setName] = useState('');
  const [filter, setFilter] = useState<ClubFilter>(CLUB_FILTERS.all);
  const [search, setSearch] = useState<ClubSearch | null>(null);
  const { data: clubs, error, mutate } = useRead(clubsRead, [search]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: ClubSearch = { name: name.trim(), isMyClubs: filter };
    if (search && search.name === next.name && search.isMyClubs === next.isMyClubs) {
      void mutate();
    } else {
      setSearch(next);
    }
  }

  const filtered = search !== null && (search.name !== '' || search.isMyClubs !== CLUB_FILTERS.all);

  let content: ReactNode;
  if (clubs && clubs.length > 0) {
    content = (
      <ul className={styles.grid} aria-label={messages.clubs.listLabel}>
        {clubs.map((club) => (
          <li key={club.id} className={styles.item}>
            <ClubCard club={club} />
          </li>
        ))}
      </ul>
    );
  } else if (clubs) {
    content = (
      <Card padding="lg">
        {filtered ? (
          <EmptyState
            icon={<ClubIcon />}
            title={messages.clubs.noResultsTitle}
            description={messages.clubs.noResultsDescription}
          />
        ) : (
          <EmptyState
            icon={<ClubIcon />}
            title={messages.clubs.emptyTitle}
            description={messages.clubs.emptyDescription}
            action={createLink}
          />
        )}
      </Card>
    );
  } else if (error) {
    content = (
      <LoadError
        message={messages.clubs.loadFailed}
        detail={describeError(error, '')}
        onRetry={() => void mutate()}
      />
    );
  } else {
    content = <ClubSkeleton />;
  }

  return (
    <>
      <form
        className={styles.search}
        role="search"
        aria-label={messages.clubs.searchFormLabel}
        onSubmit={onSubmit}
      >
        <label className="visuallyHidden" htmlFor={searchId}>
          {messages.clubs.searchLabel}
        </label>
        <input
          id={searchId}
          className={styles.input}
          type="search"
          value={name}
          placeholder={messages.clubs.searchPlaceholder}
          onChange={(event) => setName(event.target.value)}
          enterKeyHint="search"
          autoComplete="off"
        />
        <label className="visuallyHidden" htmlFor={filterId}>
          {messages.clubs.filterLabel}
        </label>
        <select
          id={filterId}
          className={styles.select}
          value={filter}
          onChange={(event) => {
            if (isFilter(event.target.value)) setFilter(event.target.value);
          }}
        >
          <option value={CLUB_FILTERS.all}>{messages.clubs.filterAll}</option>
          <option value={CLUB_FILTERS.mine}>{messages.clubs.filterMine}</option>
        </select>
        <Button type="submit" variant="secondary" className={styles.submit}>
          {messages.clubs.search}
        </Button>
      </form>
      {content}
    </>
  );
}
