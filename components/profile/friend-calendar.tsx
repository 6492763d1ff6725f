'use client';

import { useState } from 'react';
import { DayLogPanel } from '@/components/home/day-log-panel';
import { WorkoutCalendar, type CalendarView } from '@/components/home/workout-calendar';
import { SectionError } from '@/components/friend/section';
import { describeError } from '@/components/workout/errors';
import {
  monthStart,
  seoulDateKey,
  seoulYearMonth,
  yearMonthOfLocalDate,
  type YearMonth,
} from '@/lib/dates';
import { useMonthDays } from '@/lib/hooks/use-month-days';
import { messages } from '@/lib/i18n/messages';
import styles from './friend-calendar.module.css';

export interface FriendCalendarProps {
  friendId: number;
  name: string;
}

/**
 * A friend's month calendar (the home screen's calendar, fed from
 * /api/today/friend/{friendId}/yearAndMonth/{y}/{m}) and a read-only day log of the chosen date
 * (`{YYYY-MM-DD} 운동 일지`, the date a Seoul key): no add, edit or checkbox.
 */
export function FriendCalendar({ friendId, name }: FriendCalendarProps) {
  const [todayKey] = useState(() => seoulDateKey());
  const [selectedKey, setSelectedKey] = useState(todayKey);
  const [visibleMonth, setVisibleMonth] = useState<YearMonth>(() => seoulYearMonth());
  const [activeStartDate, setActiveStartDate] = useState(() => monthStart(seoulYearMonth()));
  const { byDate, error, isLoading, mutate } = useMonthDays(
    visibleMonth.year,
    visibleMonth.month,
    friendId,
  );

  function onNavigate(start: Date, view: CalendarView) {
    setActiveStartDate(start);
    if (view === 'month') setVisibleMonth(yearMonthOfLocalDate(start));
  }

  return (
    <div className={styles.layout}>
      <div className={styles.grid}>
        <section
          className={styles.calendar}
          aria-label={messages.friendProfile.calendarLabel(name)}
        >
          <WorkoutCalendar
            selectedKey={selectedKey}
            todayKey={todayKey}
            activeStartDate={activeStartDate}
            onNavigate={onNavigate}
            onSelect={setSelectedKey}
            marks={byDate}
            busy={isLoading}
          />
          {error ? (
            <SectionError
              message={messages.dayLog.monthLoadFailed}
              detail={describeError(error, '')}
              onRetry={() => void mutate()}
            />
          ) : null}
          <ul className={styles.legend}>
            <li>
              <span className={`${styles.legendDot} ${styles.legendDone}`} aria-hidden="true" />
              {messages.dayLog.done}
            </li>
            <li>
              <span className={`${styles.legendDot} ${styles.legendOpen}`} aria-hidden="true" />
              {messages.dayLog.notDone}
            </li>
          </ul>
        </section>
        <div className={styles.log}>
          <DayLogPanel date={selectedKey} friendId={friendId} readOnly />
        </div>
      </div>
    </div>
  );
}
