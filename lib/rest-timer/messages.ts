/**
 * The rest timer's copy. Kept beside the feature until it moves into the app catalogue
 * (lib/i18n/messages.ts, as `messages.restTimer`); components import these, never literals.
 */

/** `m:ss`, rounded up: the display reads 0:01 until the rest is really over. */
export function formatRestClock(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** A duration as read aloud: `1분 30초`, `2분`, `45초`. */
export function formatRestSpoken(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (minutes === 0) return `${seconds}초`;
  return seconds === 0 ? `${minutes}분` : `${minutes}분 ${seconds}초`;
}

export const restTimerMessages = {
  region: '휴식 타이머',
  decrease: (seconds: number) => `-${seconds}초`,
  decreaseLabel: (seconds: number) => `휴식 ${seconds}초 줄이기`,
  increase: (seconds: number) => `+${seconds}초`,
  increaseLabel: (seconds: number) => `휴식 ${seconds}초 늘리기`,
  skip: '건너뛰기',
  skipLabel: '휴식 건너뛰기',
  close: '닫기',
  closeLabel: '휴식 타이머 닫기',
  finished: '휴식 끝',
  /** Announced once when a rest starts (aria-live). */
  started: (label: string, durationMs: number) =>
    `${label ? `${label} ` : ''}휴식 ${formatRestSpoken(durationMs)} 시작`,
  /** Announced once when ten seconds are left. */
  tenSecondsLeft: '휴식 10초 남았습니다',
  notifications: {
    ask: '휴식 끝 알림 받기',
    granted: '휴식이 끝나면 알림을 보냅니다.',
    denied: '알림이 차단되어 있습니다. 브라우저 설정에서 알림을 허용해주세요.',
  },
} as const;
