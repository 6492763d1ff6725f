'use client';

import { InlineLoadError } from '@/components/ui/inline-load-error';
import { CalendarLegend } from '@/features/day-log/calendar-legend';
import { DayLogPanel } from '@/features/day-log/day-log-panel';
import { useCalendarMonth } from '@/features/day-log/use-calendar-month';
import { WorkoutCalendar } from '@/features/day-log/workout-calendar';
import { isForbidden } from '@/lib/api/errors';
import type { MemberSummary } from '@/lib/contract/friend';
import { messages } from '@/lib/i18n/messages';

import { AccessDenied } from './access-denied';
import styles from './friend-calendar.module.css';
import { FriendRelation } from './friend-relation';

export interface FriendCalendarProps {
  member: MemberSummary;
}

/**
 * A friend's month calendar (the home screen's calendar, fed from
 * /api/today/friend/{friendId}/yearAndMonth/{y}/{m}) and a read-only day log of the chosen date
 * (`{YYYY-MM-DD} 운동 일지`, the date a Seoul key): no add, edit or checkbox.
 */
export function FriendCalendar({ member }: FriendCalendarProps) {
  const { id: friendId, name } = member;
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

  // The friendship ended since the page was rendered: the backend refuses the month (403).
  if (isForbidden(error)) {
    return (
      <AccessDenied>
        <FriendRelation member={member} placement="locked" refused />
      </AccessDenied>
    );
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
