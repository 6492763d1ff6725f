'use client';

import { useState } from 'react';

import {
  monthStart,
  seoulDateKey,
  seoulYearMonth,
  type YearMonth,
  yearMonthOfLocalDate,
} from '@/lib/shared/dates';

import { useMonthDays } from './use-month-days';
import type { CalendarView } from './workout-calendar';

/**
 * The state behind a workout calendar: today and the chosen date (Seoul `YYYY-MM-DD` keys, the
 * chosen one starting at today), the month shown, and that month's days (the signed-in member's,
 * or with `friendId` that friend's).
 */
export function useCalendarMonth(friendId?: number) {
  const [todayKey] = useState(() => seoulDateKey());
  const [selectedKey, setSelectedKey] = useState(todayKey);
  const [visibleMonth, setVisibleMonth] = useState<YearMonth>(() => seoulYearMonth());
  const [activeStartDate, setActiveStartDate] = useState(() => monthStart(seoulYearMonth()));
  const monthDays = useMonthDays(visibleMonth.year, visibleMonth.month, friendId);

  function onNavigate(start: Date, view: CalendarView) {
    setActiveStartDate(start);
    if (view === 'month') setVisibleMonth(yearMonthOfLocalDate(start));
  }

  /** Shows `month` in the calendar's month view. */
  function showMonth(month: YearMonth) {
    setActiveStartDate(monthStart(month));
    setVisibleMonth(month);
  }

  return {
    ...monthDays,
    todayKey,
    selectedKey,
    setSelectedKey,
    activeStartDate,
    onNavigate,
    showMonth,
  };
}
