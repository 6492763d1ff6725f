import { messages } from '@/lib/i18n/messages';

/** The rest timer's copy, from the app catalogue (`messages.restTimer`). */
export const restTimerMessages = messages.restTimer;

/** `m:ss`, rounded up: the display reads 0:01 until the rest is really over. */
export function formatRestClock(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** A duration as read aloud: `1분 30초`, `2분`, `45초`. */
export function formatRestSpoken(ms: number): string {
  return messages.rest.duration(Math.max(0, Math.round(ms / 1000)));
}
