import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  calendarDateKey,
  isDateKey,
  relativeTimeLabel,
  seoulDateKey,
  seoulYearMonth,
  yearMonthOfKey,
} from './dates';

/**
 * Runs the date helpers in a child Node process whose time zone is `zone` (Jest's process.env is a
 * copy, so setting TZ inside a test changes nothing) and returns what `script` printed as JSON.
 */
function inTimeZone(zone: string): Record<string, unknown> {
  const script = `
    import * as ns from './lib/dates.ts';
    const d = ns.localDateOfKey ? ns : ns.default;
    const tile = d.localDateOfKey('2026-11-23');
    const start = d.monthStart({ year: 2026, month: 12 });
    console.log(JSON.stringify({
      offset: new Date(2026, 10, 23).getTimezoneOffset(),
      lateEvening: d.seoulDateKey(Date.parse('2026-11-22T15:30:00Z')),
      lateEveningDate: d.seoulDateKey(new Date(Date.parse('2026-11-22T15:30:00Z'))),
      justBefore: d.seoulDateKey(Date.parse('2026-11-22T14:59:59.999Z')),
      monthTurn: d.seoulYearMonth(Date.parse('2026-11-30T15:00:00Z')),
      yearTurn: d.seoulYearMonth(Date.parse('2026-12-31T15:00:00Z')),
      tile: [tile.getFullYear(), tile.getMonth(), tile.getDate(), tile.getHours()],
      tileKey: d.calendarDateKey(tile),
      dstKey: d.calendarDateKey(d.localDateOfKey('2024-03-10')),
      startKey: d.calendarDateKey(start),
      startMonth: d.yearMonthOfLocalDate(start),
    }));
  `;
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: path.resolve(__dirname, '..'),
      env: { ...process.env, TZ: zone },
      encoding: 'utf8',
    },
  );
  return JSON.parse(output.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
}

describe('dates', () => {
  it('keys days in Seoul time', () => {
    // 2024-03-01T15:30Z is already 2 March in Seoul (UTC+9).
    expect(seoulDateKey(Date.UTC(2024, 2, 1, 15, 30))).toBe('2024-03-02');
    expect(seoulDateKey(new Date(Date.UTC(2024, 2, 1, 14, 59)))).toBe('2024-03-01');
  });

  it('keys the Seoul day at the edges', () => {
    expect(seoulDateKey(Date.parse('2026-11-22T15:30:00Z'))).toBe('2026-11-23');
    expect(seoulDateKey(Date.parse('2026-11-22T14:59:59.999Z'))).toBe('2026-11-22');
    expect(seoulYearMonth(Date.parse('2026-12-31T15:00:00Z'))).toEqual({ year: 2027, month: 1 });
    expect(yearMonthOfKey('2026-01-05')).toEqual({ year: 2026, month: 1 });
  });

  it.each([
    ['America/Los_Angeles', 480],
    ['Asia/Seoul', -540],
    ['UTC', 0],
  ])(
    'gives the same keys when the process time zone is %s',
    (zone, offset) => {
      const result = inTimeZone(zone);
      expect(result).toEqual({
        offset,
        lateEvening: '2026-11-23',
        lateEveningDate: '2026-11-23',
        justBefore: '2026-11-22',
        monthTurn: { year: 2026, month: 12 },
        yearTurn: { year: 2027, month: 1 },
        tile: [2026, 10, 23, 0],
        tileKey: '2026-11-23',
        dstKey: '2024-03-10',
        startKey: '2026-12-01',
        startMonth: { year: 2026, month: 12 },
      });
    },
    20_000,
  );

  it('keys calendar tiles by their local day', () => {
    expect(calendarDateKey(new Date(2024, 0, 5))).toBe('2024-01-05');
  });

  it('validates date keys', () => {
    expect(isDateKey('2024-02-29')).toBe(true);
    expect(isDateKey('2023-02-29')).toBe(false);
    expect(isDateKey('2024-2-1')).toBe(false);
  });

  it('labels comment times', () => {
    const now = Date.UTC(2024, 4, 20, 3, 0); // 12:00 in Seoul
    expect(relativeTimeLabel('2024-05-20T11:59:40', now)).toBe('방금 전');
    expect(relativeTimeLabel('2024-05-20T11:55:00', now)).toBe('5분 전');
    expect(relativeTimeLabel('2024-05-20T09:00:00', now)).toBe('3시간 전');
    expect(relativeTimeLabel('2024-05-18T12:00:00', now)).toBe('2일 전');
    expect(relativeTimeLabel('2024-05-13T12:00:00', now)).toBe('7일 전');
    expect(relativeTimeLabel('2024-05-01T08:00:00.123', now)).toBe('2024년 5월 1일');
  });

  it('labels comment times at each boundary, in Seoul time', () => {
    const now = Date.parse('2026-11-22T03:00:00Z'); // 2026-11-22 12:00 in Seoul
    const ago = (seconds: number) =>
      relativeTimeLabel(
        new Date(now - seconds * 1000 + 9 * 3600_000).toISOString().slice(0, 19),
        now,
      );
    expect(ago(0)).toBe('방금 전');
    expect(ago(59)).toBe('방금 전');
    expect(ago(60)).toBe('1분 전');
    expect(ago(59 * 60 + 59)).toBe('59분 전');
    expect(ago(60 * 60)).toBe('1시간 전');
    expect(ago(23 * 3600 + 3599)).toBe('23시간 전');
    expect(ago(24 * 3600)).toBe('1일 전');
    expect(ago(6 * 86400 + 86399)).toBe('6일 전');
    expect(ago(7 * 86400)).toBe('7일 전');
    expect(ago(7 * 86400 + 1)).toBe('2026년 11월 15일');
    expect(ago(7 * 86400 + 3600)).toBe('2026년 11월 15일');
    expect(ago(40 * 86400)).toBe('2026년 10월 13일');
    // A time a little in the future (clock skew) is "just now", not a negative count.
    expect(ago(-30)).toBe('방금 전');
    // The string is Seoul wall time: 2026-11-22T11:59:00 is one minute before noon in Seoul.
    expect(relativeTimeLabel('2026-11-22T11:59:00', now)).toBe('1분 전');
    expect(relativeTimeLabel('2026-11-22T11:59:00.999999', now)).toBe('방금 전');
    expect(relativeTimeLabel('not a date', now)).toBe('not a date');
  });
});
