'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';

import { Button, ButtonLink } from '@/components/ui/button';
import { ChatIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import type { ClubEntry } from '@/features/clubs/reads/clubs';
import { isRateLimited, rateLimitMessage } from '@/lib/api/errors';
import { loadApi } from '@/lib/api/load';
import { messages } from '@/lib/i18n/messages';
import { chatRoomPath, clubPagePath } from '@/lib/routes';

import styles from './club-card.module.css';

/**
 * A club poster: title (a link to the club's page), member count, introduction, place, time,
 * features, `자세히 보기` (the club's page) and `채팅방 입장하기`, which records joining
 * (POST /api/club/{id}/join) and then opens the room client-side; for a member not known to belong
 * it says so beside the button (`입장하면 클럽에 가입됩니다`, issue 29). A failed join is only
 * logged: the original Spring backend refuses a second club with 403, and the room still
 * decides who may read it. A join refused for now (429: too many writes) says so and stays.
 */
export function ClubCard({ club }: { club: ClubEntry }) {
  const router = useRouter();
  const titleId = useId();
  const hintId = useId();
  const joinsOnEntry = club.isMember !== true;
  const [entering, setEntering] = useState(false);
  const toast = useToast();

  async function enter() {
    if (entering) return;
    setEntering(true);
    try {
      await (await loadApi()).joinClub(club.id);
    } catch (error) {
      console.error('club: join failed', error);
      if (isRateLimited(error)) {
        toast.error(rateLimitMessage(error)!);
        setEntering(false);
        return;
      }
    }
    router.push(chatRoomPath(club.chatRoomId));
  }

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.poster} aria-hidden="true">
        <span className={styles.posterIcon}>
          <ChatIcon />
        </span>
      </div>
      <div className={styles.body}>
        <h2 className={styles.title} id={titleId}>
          <Link href={clubPagePath(club.id)} prefetch={false} className={styles.titleLink}>
            {club.title}
          </Link>
        </h2>
        {club.memberCount !== undefined ? (
          <p className={styles.memberCount}>{messages.clubPage.memberCount(club.memberCount)}</p>
        ) : null}
        <p className={styles.content}>{club.content}</p>
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
          <h3 className={styles.featuresTitle}>{messages.clubs.features}</h3>
          <p className={styles.featuresText}>{club.highlight}</p>
        </div>
      </div>
      <div className={styles.footer}>
        <div className={styles.buttons}>
          <ButtonLink
            href={clubPagePath(club.id)}
            variant="secondary"
            aria-label={messages.clubPage.detailsLabel(club.title)}
          >
            {messages.clubPage.details}
          </ButtonLink>
          <Button
            onClick={() => void enter()}
            disabled={entering}
            aria-label={messages.clubs.enterChatLabel(club.title)}
            aria-describedby={joinsOnEntry ? hintId : undefined}
          >
            {entering ? messages.clubs.entering : messages.clubs.enterChat}
          </Button>
        </div>
        {joinsOnEntry ? (
          <p className={styles.hint} id={hintId}>
            {messages.clubPage.enterJoins}
          </p>
        ) : null}
      </div>
    </article>
  );
}
