'use client';

import { useState } from 'react';
import Calendar, { type OnArgs, type TileArgs } from 'react-calendar';

import { StrokeIcon } from '@/components/ui/stroke-icon';
import { messages } from '@/lib/i18n/messages';
import { calendarDateKey, localDateOfKey, yearMonthOfLocalDate } from '@/lib/shared/dates';

import styles from './workout-calendar.module.css';

export type CalendarView = OnArgs['view'];
export type CalendarAction = OnArgs['action'];

export interface WorkoutCalendarProps {
  /** The chosen day, `YYYY-MM-DD` (Seoul). */
  selectedKey: string;
  /** Today in Seoul, `YYYY-MM-DD`: highlighted whatever the browser's time zone. */
  todayKey: string;
  /** First day (local midnight) of the period shown; controlled. */
  activeStartDate: Date;
  /** Called when the shown period or the view changes (arrows, drill up/down, picking a day). */
  onNavigate: (activeStartDate: Date, view: CalendarView, action?: CalendarAction) => void;
  /** A day was chosen; `byKeyboard` when by Enter or Space (a click with no pointer). */
  onSelect: (key: string, byKeyboard: boolean) => void;
  /** `YYYY-MM-DD` → 완료 of the days that have a record. */
  marks: ReadonlyMap<string, boolean>;
  busy?: boolean;
  /**
   * Where the log sits below the calendar (phones), only the chosen day's week is shown (a week
   * strip); the other weeks' tiles are hidden. Wide layouts always show the month.
   */
  weekOnly?: boolean;
  id?: string;
}

/** The Sunday that starts `date`'s week (react-calendar's gregory weeks), as a `YYYY-MM-DD` key. */
export function weekStartKey(date: Date): string {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate() - date.getDay());
  return calendarDateKey(start);
}

function monthTitle(date: Date): string {
  const { year, month } = yearMonthOfLocalDate(date);
  return messages.dayLog.monthTitle(year, month);
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <StrokeIcon
      viewBox="0 0 20 20"
      width="20"
      height="20"
      d={direction === 'left' ? 'M12.5 5l-5 5 5 5' : 'M7.5 5l5 5-5 5'}
    />
  );
}

/**
 * The month calendar of the home screen (react-calendar, ko-KR, Gregorian): title `YYYY.MM`, day
 * numbers only, no double-step buttons. Tiles are matched by their `YYYY-MM-DD` key; a day with a
 * record gets a red dot, filled when completed and outlined otherwise, with `완료`/`미완료`
 * as text for assistive technology.
 */
export function WorkoutCalendar({
  selectedKey,
  todayKey,
  activeStartDate,
  onNavigate,
  onSelect,
  marks,
  busy = false,
  weekOnly = false,
  id,
}: WorkoutCalendarProps) {
  const [view, setView] = useState<CalendarView>('month');
  const selectedWeek = weekStartKey(localDateOfKey(selectedKey));
  const tileClassName = ({ date, view: tileView }: TileArgs): string | null => {
    if (tileView !== 'month') return null;
    const key = calendarDateKey(date);
    const classes = [];
    if (key === todayKey) classes.push(styles.today);
    if (key === selectedKey) classes.push(styles.selected);
    if (date.getDay() === 0) classes.push(styles.sunday);
    if (date.getDay() === 6) classes.push(styles.saturday);
    if (weekStartKey(date) !== selectedWeek) classes.push(styles.otherWeek);
    return classes.join(' ') || null;
  };

  const tileContent = ({ date, view: tileView }: TileArgs) => {
    if (tileView !== 'month') return null;
    const done = marks.get(calendarDateKey(date));
    if (done === undefined) return <span className={styles.dotSpace} aria-hidden="true" />;
    return (
      <>
        <span
          className={`${styles.dot} ${done ? styles.dotDone : styles.dotOpen}`}
          data-mark={done ? 'done' : 'open'}
          aria-hidden="true"
        />
        <span className="visuallyHidden">
          {' '}
          {done ? messages.dayLog.done : messages.dayLog.notDone}
        </span>
      </>
    );
  };

  return (
    <div
      id={id}
      className={`${styles.calendar} ${weekOnly ? styles.weekOnly : ''}`}
      aria-busy={busy || undefined}
    >
      <Calendar
        locale="ko-KR"
        calendarType="gregory"
        value={localDateOfKey(selectedKey)}
        activeStartDate={activeStartDate}
        onActiveStartDateChange={({ activeStartDate: start, view: current, action }) => {
          if (start) onNavigate(start, current, action);
        }}
        onViewChange={({ activeStartDate: start, view: next, action }) => {
          setView(next);
          if (start) onNavigate(start, next, action);
        }}
        onChange={(value, event) => {
          // A keyboard's Enter or Space clicks with detail 0; a pointer counts its clicks.
          if (value instanceof Date) onSelect(calendarDateKey(value), event?.detail === 0);
        }}
        formatDay={(_locale, date) => String(date.getDate())}
        formatMonthYear={(_locale, date) => monthTitle(date)}
        navigationLabel={({ date, label, view: current }) =>
          current === 'month' ? monthTitle(date) : label
        }
        navigationAriaLive="polite"
        prevLabel={<ChevronIcon direction="left" />}
        nextLabel={<ChevronIcon direction="right" />}
        prevAriaLabel={view === 'month' ? messages.dayLog.prevMonth : messages.dayLog.prevYear}
        nextAriaLabel={view === 'month' ? messages.dayLog.nextMonth : messages.dayLog.nextYear}
        prev2Label={null}
        next2Label={null}
        minDetail="year"
        tileClassName={tileClassName}
        tileContent={tileContent}
      />
    </div>
  );
}
