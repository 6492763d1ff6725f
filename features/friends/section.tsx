import { messages } from '@/lib/i18n/messages';

import styles from './section.module.css';

/** A section's h2 with an optional count pill. */
export function SectionHeader({ id, title, count }: { id: string; title: string; count?: number }) {
  return (
    <div className={styles.header}>
      <h2 className={styles.title} id={id}>
        {title}
      </h2>
      {count !== undefined ? (
        <span className={styles.count}>{messages.friends.count(count)}</span>
      ) : null}
    </div>
  );
}
