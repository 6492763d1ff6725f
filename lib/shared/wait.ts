/**
 * A wait in seconds as Korean words, rounded up: `45초`, `12분`, `2시간 5분`. Shared by the
 * backend's 429 messages and the app's (lib/i18n), which say the same wait the same way.
 */
export function formatWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole}초`;
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return `${minutes}분`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours}시간` : `${hours}시간 ${rest}분`;
}
