'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { ChatIcon } from '@/components/shell/nav-icons';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { isRateLimited, rateLimitMessage } from '@/lib/api/errors';
import { loadApi } from '@/lib/api/load';
import type { Club } from '@/lib/contract/club';
import { messages } from '@/lib/i18n/messages';
import styles from './club-card.module.css';

/** The path of a club's chat room page. */
export function chatRoomPath(chatRoomId: number): string {
  return `/chat/${chatRoomId}`;
}

/**
 * A club poster: title, introduction, place, time, features and `채팅방 입장하기`, which records
 * joining (POST /api/club/{id}/join) and then opens the room client-side. A failed join is only
 * logged (product.md §8): the original backend refuses a second club with 403, and the room still
 * decides who may read it. A join refused for now (429: too many writes) says so and stays.
 */
export function ClubCard({ club }: { club: Club }) {
  const router = useRouter();
  const titleId = useId();
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
          {club.title}
        </h2>
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
        <Button
          block
          onClick={() => void enter()}
          disabled={entering}
          aria-label={messages.clubs.enterChatLabel(club.title)}
        >
          {entering ? messages.clubs.entering : messages.clubs.enterChat}
        </Button>
      </div>
    </article>
  );
}
