'use client';

import { type ReactNode, useId } from 'react';

import { Card } from '@/components/ui/card';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Skeleton } from '@/components/ui/skeleton';
import {
  trainingSettingsRead,
  type WeekSummary as WeekSummaryData,
} from '@/features/training/reads/training';
import { CLASSIFICATIONS } from '@/lib/contract/values';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';
import type { WeightUnit } from '@/lib/shared/training/units';
import { addDays } from '@/lib/shared/training/week';

import { formatAxisDate, formatDelta, formatVolume } from './format';
import { useWeekSummary } from './use-week-summary';
import styles from './week-summary.module.css';

/** Body parts trained this week or last, in the fixed order, with this week's sets and the change. */
export function bodyPartRows(summary: WeekSummaryData) {
  return CLASSIFICATIONS.map((part) => {
    const sets = summary.current.setsByBodyPart[part] ?? 0;
    const before = summary.previous.setsByBodyPart[part] ?? 0;
    return { part, sets, delta: sets - before };
  }).filter((row) => row.sets > 0 || row.sets - row.delta > 0);
}

/** The figures of a week summary in `unit`: sessions, volume, streak, sets per body part. */
export function WeekSummaryView({ summary, unit }: { summary: WeekSummaryData; unit: WeightUnit }) {
  const { current, previous, streakWeeks } = summary;
  const streak =
    streakWeeks > 0 ? (
      <div className={styles.stat}>
        <dt className={styles.label}>{messages.weekSummary.streakLabel}</dt>
        <dd className={`${styles.value} ${styles.streak}`}>
          {messages.weekSummary.streak(streakWeeks)}
        </dd>
      </div>
    ) : null;

  if (current.sessions === 0) {
    return (
      <div className={styles.body}>
        <p className={styles.empty}>
          {messages.weekSummary.empty}
          {previous.sessions > 0 ? (
            <span className={styles.emptyNote}>
              {' '}
              {messages.weekSummary.lastWeek(previous.sessions)}
            </span>
          ) : null}
        </p>
        {streak ? <dl className={styles.stats}>{streak}</dl> : null}
      </div>
    );
  }

  const parts = bodyPartRows(summary);
  return (
    <div className={styles.body}>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt className={styles.label}>{messages.weekSummary.sessions}</dt>
          <dd className={styles.value}>{messages.weekSummary.sessionsValue(current.sessions)}</dd>
        </div>
        <div className={styles.stat}>
          <dt className={styles.label}>{messages.weekSummary.volume}</dt>
          <dd className={styles.value}>{formatVolume(current.volume, unit)}</dd>
        </div>
        {streak}
      </dl>
      {parts.length > 0 ? (
        <ul className={styles.parts} aria-label={messages.weekSummary.bodyParts}>
          {parts.map((row) => (
            <li key={row.part} className={styles.part}>
              {messages.weekSummary.bodyPartSets(
                messages.classification[row.part],
                row.sets,
                formatDelta(row.delta),
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The home screen's week card: this week's sessions, volume, sets per body part against last week
 * and the streak, in the member's unit. Its first data comes with the page (SWR fallback); the day
 * log's writes revalidate it (see useWeekSummary). Nothing is shown where the backend has no week
 * summary.
 */
export function WeekSummary({ todayKey }: { todayKey: string }) {
  const headingId = useId();
  const { summary, error, retry } = useWeekSummary(todayKey);
  const { data: settings } = useRead(trainingSettingsRead, []);
  if (summary === null) return null;

  const start = summary?.current.weekStart;
  let body;
  if (summary) {
    body = <WeekSummaryView summary={summary} unit={settings?.weightUnit ?? 'kg'} />;
  } else if (error) {
    body = (
      <InlineLoadError
        message={messages.weekSummary.loadFailed}
        error={error}
        onRetry={() => void retry()}
      />
    );
  } else {
    body = <WeekSummaryLoading />;
  }

  return (
    <WeekSummaryCard headingId={headingId} start={start}>
      {body}
    </WeekSummaryCard>
  );
}

/** The summary's place while it loads: the card and heading it will have, skeleton lines inside. */
export function WeekSummarySkeleton() {
  const headingId = useId();
  return (
    <WeekSummaryCard headingId={headingId} start={undefined}>
      <WeekSummaryLoading />
    </WeekSummaryCard>
  );
}

function WeekSummaryLoading() {
  return (
    <div className={styles.body} role="status">
      <span className="visuallyHidden">{messages.weekSummary.loading}</span>
      <Skeleton variant="title" short />
      <Skeleton />
    </div>
  );
}

function WeekSummaryCard({
  headingId,
  start,
  children,
}: {
  headingId: string;
  start: string | undefined;
  children: ReactNode;
}) {
  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 className={styles.heading} id={headingId}>
          {messages.weekSummary.heading}
        </h2>
        {start ? (
          <p className={styles.range}>
            <time dateTime={start}>{formatAxisDate(start, false)}</time>
            {' – '}
            <time dateTime={addDays(start, 6)}>{formatAxisDate(addDays(start, 6), false)}</time>
          </p>
        ) : null}
      </div>
      {children}
    </Card>
  );
}
