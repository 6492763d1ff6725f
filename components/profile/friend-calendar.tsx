'use client';

import { CalendarLegend } from '@/components/home/calendar-legend';
import { DayLogPanel } from '@/components/home/day-log-panel';
import { useCalendarMonth } from '@/components/home/use-calendar-month';
import { WorkoutCalendar } from '@/components/home/workout-calendar';
import { InlineLoadError } from '@/components/workout/inline-load-error';
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
  const {
    todayKey,
    selectedKey,
    setSelectedKey,
    activeStartDate,
    onNavigate,
    byDate,
    error,
    isLoading,
    mutate,
  } = useCalendarMonth(friendId);

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
            <InlineLoadError
              message={messages.dayLog.monthLoadFailed}
              error={error}
              onRetry={() => void mutate()}
            />
          ) : null}
          <CalendarLegend ruled />
        </section>
        <div className={styles.log}>
          <DayLogPanel date={selectedKey} friendId={friendId} readOnly />
        </div>
      </div>
    </div>
  );
}
