/**
 * Brings the day log into view after a date was chosen, where the log sits below the calendar
 * (phones): unless its heading is already in the upper two thirds of the screen (so some of the
 * log shows under it), the heading scrolls to the top, smoothly unless the member prefers reduced
 * motion.
 * A pointer's choice also moves focus to the heading (so the next swipe or Tab starts in the log);
 * a keyboard's choice keeps focus, and so the view, on the calendar, where arrow keys go on.
 * Side by side (wide screens) the log is already in view and nothing moves.
 */
export function revealLog(
  heading: HTMLElement | null,
  layout: HTMLElement | null,
  byKeyboard: boolean,
): void {
  if (!heading || !layout || byKeyboard) return;
  const columns = getComputedStyle(layout).gridTemplateColumns.trim().split(/\s+/);
  if (columns.length > 1) return;
  const rect = heading.getBoundingClientRect();
  const margin = Number.parseFloat(getComputedStyle(heading).scrollMarginTop) || 0;
  if (rect.top < margin || rect.bottom > (window.innerHeight * 2) / 3) {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    heading.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }
  heading.focus({ preventScroll: true });
}
