import { fullDateTimeLabel, relativeTimeLabel } from '@/lib/relative-time';

describe('relativeTimeLabel', () => {
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

  it('reads only real Seoul wall times', () => {
    const now = Date.parse('2026-11-22T03:00:00Z');
    expect(relativeTimeLabel('2026-02-30T10:00:00', now)).toBe('2026-02-30T10:00:00');
    expect(relativeTimeLabel('2026-11-22T11:59', now)).toBe('1분 전');
  });
});

describe('fullDateTimeLabel', () => {
  it('spells the Seoul date and time in full', () => {
    expect(fullDateTimeLabel('2026-11-20T18:30:15.250123')).toBe('2026년 11월 20일 18:30');
    expect(fullDateTimeLabel('2026-01-02T03:04:05')).toBe('2026년 1월 2일 03:04');
    expect(fullDateTimeLabel('nope')).toBe('nope');
  });
});
