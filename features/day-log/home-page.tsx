'use client';

import dynamic from 'next/dynamic';
import { type ReactNode, useId, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { describeError } from '@/components/ui/errors';
import { PageHeader } from '@/components/ui/page-header';
import { WeekSummary } from '@/features/training/history/week-summary';
import { messages } from '@/lib/i18n/messages';
import { monthStart, yearMonthOfKey } from '@/lib/shared/dates';

import { CalendarLegend } from './calendar-legend';
import { DayLogPanel } from './day-log-panel';
import styles from './home-page.module.css';
import type { DayLog } from './reads';
import { revealLog } from './reveal-log';
import { useCalendarMonth } from './use-calendar-month';
import { type CalendarAction, type CalendarView, WorkoutCalendar } from './workout-calendar';

// The dialogs (and the drag-and-drop library) load when first opened, not with the page.
const AddDialog = dynamic(() => import('./add-dialog').then((module) => module.AddDialog), {
  ssr: false,
});
const EditDialog = dynamic(() => import('./edit-dialog').then((module) => module.EditDialog), {
  ssr: false,
});

type Modal = { kind: 'add' } | { kind: 'edit'; today: DayLog } | null;

/**
 * The home screen (/): the month calendar with completion dots and the chosen day's workout log,
 * side by side on wide screens and stacked on phones. Dates are `YYYY-MM-DD` keys in Seoul time;
 * the chosen date starts at today in Seoul and keeps its log while the visible month changes.
 */
export function HomePage({
  weekSummary,
}: {
  /** The week summary as the server streams it; without one, the browser reads it itself. */
  weekSummary?: ReactNode;
} = {}) {
  const {
    todayKey,
    selectedKey,
    setSelectedKey,
    activeStartDate,
    onNavigate,
    showMonth,
    byDate,
    error,
    isLoading,
    mutate,
  } = useCalendarMonth();
  const [modal, setModal] = useState<Modal>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const calendarId = useId();
  // Phones: the chosen day's week only, until the member opens the month (wide: always the month).
  const [weekOnly, setWeekOnly] = useState(true);

  function onSelect(key: string, byKeyboard = false) {
    if (key !== selectedKey) setModal(null);
    setSelectedKey(key);
    // A day chosen in the open month folds it back to that day's week, its log right below.
    setWeekOnly(true);
    // After React has drawn the chosen day's log (a click's update commits before the next frame).
    requestAnimationFrame(() => revealLog(headingRef.current, gridRef.current, byKeyboard));
  }

  /** Month arrows and the year view need the whole month; picking a day does not. */
  function onCalendarNavigate(start: Date, view: CalendarView, action?: CalendarAction) {
    onNavigate(start, view);
    if (action && action !== 'onChange') setWeekOnly(false);
  }

  function goToday(byKeyboard: boolean) {
    const month = yearMonthOfKey(todayKey);
    onSelect(todayKey, byKeyboard);
    showMonth(month);
  }

  const monthError = error && !isLoading ? describeError(error, '') : null;

  return (
    <>
      <PageHeader title={messages.dayLog.pageTitle} description={messages.dayLog.pageDescription} />
      <div className={styles.layout}>
        <div className={styles.grid} ref={gridRef}>
          <Card className={styles.calendarCard} aria-label={messages.dayLog.calendarLabel}>
            <WorkoutCalendar
              selectedKey={selectedKey}
              todayKey={todayKey}
              activeStartDate={activeStartDate}
              onNavigate={onCalendarNavigate}
              onSelect={onSelect}
              marks={byDate}
              busy={isLoading}
              weekOnly={weekOnly}
              id={calendarId}
            />
            {error ? (
              <div className={styles.monthError} role="alert">
                <p className={styles.monthErrorText}>
                  {messages.dayLog.monthLoadFailed}
                  {monthError ? (
                    <span className={styles.monthErrorDetail}> {monthError}</span>
                  ) : null}
                </p>
                <Button variant="secondary" size="sm" onClick={() => void mutate()}>
                  {messages.app.retry}
                </Button>
              </div>
            ) : null}
            <div className={styles.footer}>
              <CalendarLegend className={styles.legend} />
              {isLoading ? (
                <span className={styles.loading} role="status">
                  <span className={styles.spinner} aria-hidden="true" />
                  <span className="visuallyHidden">{messages.dayLog.monthLoading}</span>
                </span>
              ) : null}
              <Button
                variant="ghost"
                size="sm"
                className={styles.monthToggle}
                aria-expanded={!weekOnly}
                aria-controls={calendarId}
                onClick={() => setWeekOnly((current) => !current)}
              >
                {messages.homePhone.showMonth}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={(event) => goToday(event.detail === 0)}
                disabled={
                  selectedKey === todayKey &&
                  activeStartDate.getTime() === monthStart(yearMonthOfKey(todayKey)).getTime()
                }
              >
                {messages.dayLog.goToday}
              </Button>
            </div>
          </Card>
          <Card className={styles.logCard} as="div">
            <DayLogPanel
              date={selectedKey}
              headingRef={headingRef}
              onAdd={() => setModal({ kind: 'add' })}
              onEdit={(today) => setModal({ kind: 'edit', today })}
            />
          </Card>
        </div>
        {weekSummary ?? <WeekSummary todayKey={todayKey} />}
      </div>
      {modal?.kind === 'add' ? (
        <AddDialog key={selectedKey} date={selectedKey} onClose={() => setModal(null)} />
      ) : null}
      {modal?.kind === 'edit' ? (
        <EditDialog key={modal.today.id} today={modal.today} onClose={() => setModal(null)} />
      ) : null}
    </>
  );
}
