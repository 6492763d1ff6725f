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

export interface ProfileStat {
  label: string;
  /** undefined while loading; null when it cannot be known (shown as a dash). */
  value: number | null | undefined;
}

export interface ProfileSummaryProps {
  name: string;
  picture: string | null;
  stats: readonly ProfileStat[];
  /** A link or button beside the counts. */
  actions?: ReactNode;
}

function StatValue({ value }: { value: ProfileStat['value'] }) {
  if (value === undefined) return <Skeleton className={styles.statSkeleton} />;
  return <>{value === null ? messages.profile.countUnknown : value}</>;
}

/** The top of a profile: a large avatar, the name as the page's h1 and the counts. */
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
              <dd className={styles.statValue}>
                <StatValue value={stat.value} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </Card>
  );
}

/** The summary's shape while the member loads. */
export function ProfileSummarySkeleton({ label }: { label: string }) {
  return (
    <Card className={styles.summary} as="div" role="status" aria-live="polite">
      <span className="visuallyHidden">{label}</span>
      <Skeleton variant="avatar" className={styles.avatarSkeleton} />
      <div className={styles.text} aria-hidden="true">
        <Skeleton variant="title" />
        <Skeleton short />
      </div>
    </Card>
  );
}
