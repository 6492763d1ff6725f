import { messages } from '@/lib/i18n/messages';

import styles from './calendar-legend.module.css';

export interface CalendarLegendProps {
  /** Draw a rule above the legend (when it closes a calendar card on its own). */
  ruled?: boolean;
  className?: string;
}

/** The key to the workout calendar's dots: a filled dot for a completed day, a ring for not. */
export function CalendarLegend({ ruled = false, className }: CalendarLegendProps) {
  const classes = [styles.legend, ruled ? styles.ruled : null, className].filter(Boolean).join(' ');
  return (
    <ul className={classes}>
      <li>
        <span className={`${styles.dot} ${styles.done}`} aria-hidden="true" />
        {messages.dayLog.done}
      </li>
      <li>
        <span className={`${styles.dot} ${styles.open}`} aria-hidden="true" />
        {messages.dayLog.notDone}
      </li>
    </ul>
  );
}
