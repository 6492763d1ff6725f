import type { ReactNode } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { messages } from '@/lib/i18n/messages';

import styles from './profile-summary.module.css';

/** A count of the summary: the length once loaded, null (a dash) when the load failed, else undefined. */
export function countOf(
  list: readonly unknown[] | undefined,
  error: unknown,
): number | null | undefined {
  if (list) return list.length;
  return error ? null : undefined;
}

/** A count as shown: a skeleton while undefined (loading), a dash when null (cannot be known). */
export function StatValue({ value }: { value: number | null | undefined }) {
  if (value === undefined) return <Skeleton className={styles.statSkeleton} />;
  return <>{value === null ? messages.profile.countUnknown : value}</>;
}

export interface ProfileStat {
  label: string;
  /** The value as shown: a StatValue, or a client leaf that renders one from its list. */
  value: ReactNode;
}

export interface ProfileSummaryProps {
  name: string;
  picture: string | null;
  stats: readonly ProfileStat[];
  /** A link or button beside the counts. */
  actions?: ReactNode;
}

/**
 * The top of a profile: a large avatar, the name as the page's h1 and the counts. A server
 * component: only the counts that follow a list (see profile-counts.tsx) run in the browser.
 */
export function ProfileSummary({ name, picture, stats, actions }: ProfileSummaryProps) {
  return (
    <Card className={styles.summary} as="header">
      <Avatar name={name} picture={picture} size="lg" className={styles.avatar} />
      <div className={styles.text}>
        <h1 className={styles.name}>{name}</h1>
        <dl className={styles.stats} aria-label={messages.profile.statsLabel}>
          {stats.map((stat) => (
            <div key={stat.label} className={styles.stat}>
              <dt className={styles.statLabel}>{stat.label}</dt>
              <dd className={styles.statValue}>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </Card>
  );
}
