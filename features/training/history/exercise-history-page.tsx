import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { CalendarIcon, ExerciseIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import type { ExerciseHistory } from '@/lib/contract/training';
import { messages } from '@/lib/i18n/messages';
import type { WeightUnit } from '@/lib/shared/training/units';

import styles from './exercise-history-page.module.css';
import { hasRpe, ProgressChart, RpeChart, VolumeChart } from './history-charts';
import { historyHref } from './history-range';
import { RangeSwitch } from './range-switch';
import { RecordsList } from './records-list';

const PROGRESS_HEADING_ID = 'history-progress';
const RECORDS_HEADING_ID = 'history-records';

/** True when the exercise has any counted set at all (records are of all time). */
function hasAnyRecord(records: ExerciseHistory['records']): boolean {
  return (
    records.sessionVolume !== null ||
    records.weight !== null ||
    records.oneRepMax !== null ||
    records.repsAtWeight.length > 0
  );
}

/**
 * An exercise's history (/exercise/{id}): its name and body part, the range switch, the progress
 * and volume charts of the range's sessions (and their RPE when some has one), and its personal
 * records. Entirely a server
 * component: the first HTML is the whole screen, with or without JavaScript. Weights are shown in
 * `unit`, the member's.
 */
export function ExerciseHistoryPage({
  history,
  unit,
}: {
  history: ExerciseHistory;
  unit: WeightUnit;
}) {
  const { exerciseId, name, classification, range, sessions, records } = history;
  const header = (
    <PageHeader
      title={name}
      description={messages.history.description(messages.classification[classification])}
      actions={
        <ButtonLink href="/exercise" variant="secondary" size="sm" icon={<ExerciseIcon />}>
          {messages.history.backToList}
        </ButtonLink>
      }
    />
  );

  if (!hasAnyRecord(records)) {
    return (
      <>
        {header}
        <Card padding="lg">
          <EmptyState
            icon={<CalendarIcon />}
            title={messages.history.emptyTitle}
            description={messages.history.emptyBody}
            action={
              <ButtonLink href="/" icon={<CalendarIcon />}>
                {messages.history.emptyAction}
              </ButtonLink>
            }
          />
        </Card>
      </>
    );
  }

  return (
    <>
      {header}
      <div className={styles.layout}>
        <Card className={styles.progress} aria-labelledby={PROGRESS_HEADING_ID}>
          <div className={styles.progressHead}>
            <h2 className={styles.heading} id={PROGRESS_HEADING_ID}>
              {messages.history.progressHeading}
            </h2>
            <RangeSwitch exerciseId={exerciseId} range={range} />
          </div>
          {sessions.length > 0 ? (
            <div className={styles.charts}>
              <ProgressChart sessions={sessions} unit={unit} />
              <VolumeChart sessions={sessions} unit={unit} />
              {hasRpe(sessions) ? <RpeChart sessions={sessions} /> : null}
            </div>
          ) : (
            <EmptyState
              headingLevel={3}
              title={messages.history.emptyRangeTitle}
              description={messages.history.emptyRangeBody}
              action={
                <ButtonLink
                  href={historyHref(exerciseId, 'all')}
                  variant="secondary"
                  scroll={false}
                >
                  {messages.history.emptyRangeAction}
                </ButtonLink>
              }
            />
          )}
        </Card>
        <Card as="div">
          <RecordsList records={records} unit={unit} headingId={RECORDS_HEADING_ID} />
        </Card>
      </div>
    </>
  );
}
