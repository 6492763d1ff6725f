import { addDays, seoulToday, weekRange, weekStart, weekStreak } from './week';

describe('weekStart', () => {
  it('goes back to the Monday on or before the date', () => {
    // 2026-11-23 is a Monday.
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-24')).toBe('2026-11-23');
    expect(weekStart('2026-11-28')).toBe('2026-11-23');
  });

  it('puts Sunday at the end of its week, not the start of the next', () => {
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('2026-11-30')).toBe('2026-11-30');
  });

  it('crosses month and year boundaries', () => {
    // 2027-01-01 is a Friday; its week began on Monday 2026-12-28.
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
    expect(weekStart('2027-01-03')).toBe('2026-12-28');
    expect(weekStart('2027-01-04')).toBe('2027-01-04');
    // 2026-01-01 is a Thursday.
    expect(weekStart('2026-01-01')).toBe('2025-12-29');
    expect(weekStart('2024-03-01')).toBe('2024-02-26'); // across a leap day
  });

  it('refuses what is not a calendar day', () => {
    expect(() => weekStart('2026-02-30')).toThrow(RangeError);
    expect(() => weekStart('2026-1-5')).toThrow(RangeError);
    expect(() => weekStart('')).toThrow(RangeError);
    expect(() => weekStart('2026-11-23T00:00')).toThrow(RangeError);
  });
});

describe('weekRange', () => {
  it('runs Monday to Sunday inclusive', () => {
    expect(weekRange('2026-11-26')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(weekRange('2026-11-29')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(weekRange('2026-12-31')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    expect(weekRange('2024-02-28')).toEqual({ start: '2024-02-26', end: '2024-03-03' });
  });
});

describe('addDays', () => {
  it('moves by whole calendar days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // Not a DST day in any zone that matters: the arithmetic is on UTC midnights.
    expect(addDays('2024-03-09', 2)).toBe('2024-03-11');
  });
});

describe('seoulToday', () => {
  it('is the Seoul calendar day, which turns at 15:00 UTC', () => {
    expect(seoulToday(new Date('2026-11-29T15:30:00Z'))).toBe('2026-11-30');
    expect(seoulToday(new Date('2026-11-29T14:59:59.999Z'))).toBe('2026-11-29');
    expect(seoulToday(new Date('2026-11-29T15:00:00Z'))).toBe('2026-11-30');
    expect(seoulToday(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
  });

  it('defaults to now', () => {
    jest.useFakeTimers({ now: new Date('2026-06-01T16:00:00Z') });
    try {
      expect(seoulToday()).toBe('2026-06-02');
    } finally {
      jest.useRealTimers();
    }
  });

  it('moves a UTC Sunday night into the next Seoul week', () => {
    // Sunday 2026-11-29 15:30 UTC is Monday morning in Seoul: a new week.
    expect(weekStart(seoulToday(new Date('2026-11-29T15:30:00Z')))).toBe('2026-11-30');
  });
});

describe('weekStreak', () => {
  // Wednesday 2026-11-25, in the week of Monday 2026-11-23.
  const today = '2026-11-25';

  it('is 0 without sessions', () => {
    expect(weekStreak([], today)).toBe(0);
  });

  it('counts consecutive weeks ending with the current week', () => {
    expect(weekStreak(['2026-11-24', '2026-11-17', '2026-11-09'], today)).toBe(3);
    expect(weekStreak(['2026-11-23'], today)).toBe(1);
  });

  it('stops at a week without a session', () => {
    // Weeks of 11-23 and 11-16, none in the week of 11-09, then 11-02.
    expect(weekStreak(['2026-11-25', '2026-11-20', '2026-11-04', '2026-11-03'], today)).toBe(2);
  });

  it('does not break while the current week has no session yet', () => {
    // Weeks of 11-16 (a Sunday), 11-09 and 11-02; nothing yet in the week of 11-23.
    expect(weekStreak(['2026-11-22', '2026-11-12', '2026-11-04'], today)).toBe(3);
    // Last week empty too: the streak is over.
    expect(weekStreak(['2026-11-15', '2026-11-10'], today)).toBe(0);
  });

  it('takes duplicates and any order', () => {
    expect(
      weekStreak(['2026-11-10', '2026-11-24', '2026-11-17', '2026-11-24', '2026-11-10'], today),
    ).toBe(3);
  });

  it('counts weeks across a year boundary with Sunday and Monday edges', () => {
    // Today Monday 2027-01-04; Sunday 2027-01-03 belongs to the week of 2026-12-28.
    expect(weekStreak(['2027-01-04', '2027-01-03', '2026-12-21'], '2027-01-04')).toBe(3);
    // A Sunday-only history still makes each of its weeks.
    expect(weekStreak(['2027-01-03', '2026-12-27', '2026-12-20'], '2027-01-05')).toBe(3);
  });

  it('ignores sessions after today', () => {
    expect(weekStreak(['2026-11-27', '2026-11-17'], today)).toBe(1);
    expect(weekStreak(['2026-12-02'], today)).toBe(0);
  });
});
