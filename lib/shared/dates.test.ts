import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { calendarDateKey, seoulDateKey, seoulYearMonth, yearMonthOfKey } from './dates';

/**
 * Runs the date helpers in a child Node process whose time zone is `zone` (Jest's process.env is a
 * copy, so setting TZ inside a test changes nothing) and returns what `script` printed as JSON.
 */
function inTimeZone(zone: string): Record<string, unknown> {
  const script = `
    import * as ns from './lib/shared/dates.ts';
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
      cwd: path.resolve(__dirname, '../..'),
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
});
