import type { ReactNode } from 'react';

import styles from './empty-state.module.css';

export interface EmptyStateProps {
  /** A decorative icon. */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A button or link. */
  action?: ReactNode;
  /** Heading level of the title (h2 by default). */
  headingLevel?: 2 | 3;
}

/** A calm, centred message for an empty or not-yet-available area. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  headingLevel = 2,
}: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.empty}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <Heading className={styles.title}>{title}</Heading>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
