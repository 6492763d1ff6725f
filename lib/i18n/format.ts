/** Formatters the message catalogue shares. */

/** A rest as spoken in Korean: `45초`, `2분`, `1분 30초`. */
export function restDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const remainder = seconds % 60;
  if (minutes === 0) return `${remainder}초`;
  return remainder === 0 ? `${minutes}분` : `${minutes}분 ${remainder}초`;
}
