'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { describeError } from '@/components/ui/errors';
import { ChatIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { type ClubDetailView, clubMembersRead, clubRead } from '@/features/clubs/reads/clubs';
import { loadApi } from '@/lib/api/load';
import { useSession } from '@/lib/auth';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';
import { chatRoomPath } from '@/lib/routes';

import { ClubMembers } from './club-members';
import styles from './club-page.module.css';
import { useRevalidateClubs } from './use-revalidate-clubs';

const text = messages.clubPage;

/**
 * The club's actions: a member's `채팅방 입장하기` (a link to the room), or a non-member's
 * `가입하기` (POST /api/club/{id}/join), after which the club and its members are read again, so
 * the count rises and `채팅방 입장하기` takes the button's place, with the focus.
 */
function ClubActions({
  club,
  onJoined,
}: {
  club: ClubDetailView;
  onJoined: () => Promise<unknown>;
}) {
  const toast = useToast();
  const hintId = useId();
  const [joining, setJoining] = useState(false);
  const [justJoined, setJustJoined] = useState(false);
  const enterRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (justJoined && club.isMember) enterRef.current?.focus();
  }, [justJoined, club.isMember]);

  async function join() {
    if (joining) return;
    setJoining(true);
    try {
      await (await loadApi()).joinClub(club.id);
      await onJoined();
    } catch (error) {
      console.error('club: join failed', error);
      toast.error(describeError(error, text.joinFailed));
      setJoining(false);
      return;
    }
    setJoining(false);
    setJustJoined(true);
    toast.success(text.joined(club.title));
  }

  if (club.isMember) {
    return (
      <div className={styles.actions}>
        <ButtonLink
          ref={enterRef}
          href={chatRoomPath(club.chatRoomId)}
          icon={<ChatIcon />}
          size="lg"
          className={styles.action}
        >
          {messages.clubs.enterChat}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className={styles.actions}>
      <Button
        size="lg"
        className={styles.action}
        onClick={() => void join()}
        disabled={joining}
        aria-busy={joining || undefined}
        aria-describedby={hintId}
      >
        {joining ? text.joining : text.join}
      </Button>
      <p className={styles.hint} id={hintId}>
        {text.joinHint}
      </p>
    </div>
  );
}

function ClubPageSkeleton() {
  return (
    <Card className={styles.main} aria-busy="true">
      <p className="visuallyHidden" role="status">
        {messages.clubs.loading}
      </p>
      <Skeleton variant="title" />
      <Skeleton />
      <Skeleton short />
    </Card>
  );
}

/**
 * A club's page (/club/{clubId}, issue 29): its name, owner and member count, its introduction,
 * place, time and features, `가입하기` for a non-member or `채팅방 입장하기` for a member, and its
 * members with their pictures and names. The server page hands over the club and its members as
 * SWR fallback; the page reads them again after joining.
 */
export function ClubPage({ clubId }: { clubId: number }) {
  const titleId = useId();
  const { user } = useSession();
  const { data: club, error, mutate } = useRead(clubRead, [clubId]);
  const members = useRead(clubMembersRead, [clubId]);
  const revalidateClubs = useRevalidateClubs();

  const back = (
    <Link href="/club" prefetch={false} className={styles.back}>
      <span aria-hidden="true">←</span> {text.backToList}
    </Link>
  );

  if (!club) {
    return (
      <div className={styles.page}>
        {back}
        {error ? (
          <LoadError
            message={text.loadFailed}
            detail={describeError(error, '')}
            onRetry={() => void mutate()}
          />
        ) : (
          <ClubPageSkeleton />
        )}
      </div>
    );
  }

  async function onJoined() {
    await Promise.all([mutate(), members.mutate()]);
    void revalidateClubs();
  }

  return (
    <div className={styles.page}>
      {back}
      <div className={styles.layout}>
        <article className={styles.main} aria-labelledby={titleId}>
          <div className={styles.poster} aria-hidden="true">
            <span className={styles.posterIcon}>
              <ChatIcon />
            </span>
          </div>
          <div className={styles.body}>
            <header className={styles.header}>
              <h1 className={styles.title} id={titleId}>
                {club.title}
              </h1>
              <p className={styles.meta}>
                <span className={styles.owner}>
                  <Avatar
                    name={club.owner.name}
                    picture={club.owner.picture}
                    size="sm"
                    decorative
                  />
                  <span>
                    <span className={styles.metaLabel}>{text.ownerLabel}</span> {club.owner.name}
                  </span>
                </span>
                <span className={styles.count}>{text.memberCount(club.memberCount)}</span>
                {club.isOwner ? (
                  <span className={styles.badge}>{text.ownerBadge}</span>
                ) : club.isMember ? (
                  <span className={styles.badge}>{text.memberBadge}</span>
                ) : null}
              </p>
            </header>
            <ClubActions club={club} onJoined={onJoined} />
            <section className={styles.section} aria-label={text.about}>
              <p className={styles.content}>{club.content}</p>
            </section>
            <dl className={styles.facts}>
              <div className={styles.fact}>
                <dt className={styles.factLabel}>{messages.clubs.location}</dt>
                <dd className={styles.factValue}>{club.location}</dd>
              </div>
              <div className={styles.fact}>
                <dt className={styles.factLabel}>{messages.clubs.schedule}</dt>
                <dd className={styles.factValue}>{club.schedule}</dd>
              </div>
            </dl>
            <div className={styles.features}>
              <h2 className={styles.featuresTitle}>{messages.clubs.features}</h2>
              <p className={styles.featuresText}>{club.highlight}</p>
            </div>
          </div>
        </article>
        <ClubMembers
          members={members.data}
          error={members.error}
          onRetry={() => void members.mutate()}
          memberCount={club.memberCount}
          memberId={user?.id}
        />
      </div>
    </div>
  );
}
