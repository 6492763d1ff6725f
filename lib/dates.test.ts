import { calendarDateKey, isDateKey, relativeTimeLabel, seoulDateKey } from './dates';

describe('dates', () => {
  it('keys days in Seoul time', () => {
    // 2024-03-01T15:30Z is already 2 March in Seoul (UTC+9).
    expect(seoulDateKey(Date.UTC(2024, 2, 1, 15, 30))).toBe('2024-03-02');
    expect(seoulDateKey(new Date(Date.UTC(2024, 2, 1, 14, 59)))).toBe('2024-03-01');
  });

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
});
