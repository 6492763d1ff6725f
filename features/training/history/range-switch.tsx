import Link from 'next/link';

import type { HistoryRange } from '@/lib/contract/training';
import { messages } from '@/lib/i18n/messages';

import { HISTORY_RANGE_OPTIONS, historyHref } from './history-range';
import styles from './range-switch.module.css';

/**
 * The history's range switch: plain links (they work without JavaScript), the chosen one marked
 * with `aria-current`. Not prefetched: each range is a server render with backend reads.
 */
export function RangeSwitch({ exerciseId, range }: { exerciseId: number; range: HistoryRange }) {
  return (
    <nav className={styles.switch} aria-label={messages.history.rangeLabel}>
      <ul className={styles.list}>
        {HISTORY_RANGE_OPTIONS.map((option) => (
          <li key={option}>
            <Link
              href={historyHref(exerciseId, option)}
              prefetch={false}
              scroll={false}
              className={styles.link}
              aria-current={option === range ? 'page' : undefined}
            >
              {messages.history.ranges[option]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
