/**
 * Calendar-day helpers of the home and friend calendars. They need no time-zone database beyond
 * the browser's own `Intl`, so this module stays free of luxon: it is on the first load of `/`,
 * where luxon alone was 22 kB gzip. Wall-clock work in the Seoul zone lives in
 * `lib/relative-time.ts`.
 */

/** The app's time zone: day keys and the wire's `LocalDateTime`s are Seoul's. */
export const SEOUL = 'Asia/Seoul';

/** Year, month and day of an instant in Seoul; the formatter is built on first use (ICU load). */
let seoulDayFormat: Intl.DateTimeFormat | undefined;
function seoulDay(date: Date | number): { year: number; month: number; day: number } {
  seoulDayFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SEOUL,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const parts = seoulDayFormat.formatToParts(date);
  const part = (type: 'year' | 'month' | 'day') =>
    Number(parts.find((entry) => entry.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** `YYYY-MM-DD` of a year, month (1–12) and day. */
function dateKey(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The Seoul calendar day of an instant, as `YYYY-MM-DD`. */
export function seoulDateKey(date: Date | number = Date.now()): string {
  const { year, month, day } = seoulDay(date);
  return dateKey(year, month, day);
}

/**
 * The date key of a calendar tile. react-calendar hands out local-midnight Dates for the days it
 * shows, so the key is built from the local year/month/day, not converted to Seoul. No time zone
 * is involved, so this skips luxon: it runs twice per tile on every calendar render, where a
 * luxon DateTime per call was a visible share of the home screen's main-thread time on phones.
 */
export function calendarDateKey(date: Date): string {
  return dateKey(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** A calendar month (`month` is 1–12), as `GET /api/today/yearAndMonth/{year}/{month}` takes it. */
export interface YearMonth {
  year: number;
  month: number;
}

/** The Seoul month of an instant. */
export function seoulYearMonth(date: Date | number = Date.now()): YearMonth {
  const { year, month } = seoulDay(date);
  return { year, month };
}

/** The year and month of a `YYYY-MM-DD` key. */
export function yearMonthOfKey(key: string): YearMonth {
  const [year, month] = key.split('-').map(Number);
  return { year, month };
}

/**
 * The local-midnight Date of a `YYYY-MM-DD` key: the form react-calendar uses for its tiles, so a
 * key always lands on the tile of the same day whatever the browser's time zone.
 */
export function localDateOfKey(key: string): Date {
  const [year, month, day] = key.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** The local-midnight first day of a month (react-calendar's `activeStartDate`). */
export function monthStart({ year, month }: YearMonth): Date {
  return new Date(year, month - 1, 1);
}

/** The month a react-calendar date (local midnight) belongs to. */
export function yearMonthOfLocalDate(date: Date): YearMonth {
  return { year: date.getFullYear(), month: date.getMonth() + 1 };
}
