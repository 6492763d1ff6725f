import type { ReactNode } from 'react';

import styles from './page-header.module.css';

export interface PageHeaderProps {
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** Buttons or links on the right (below on narrow screens). */
  actions?: ReactNode;
  /** id of the h1, for aria-labelledby. */
  titleId?: string;
}

/** The page's h1 with an optional description and actions. */
export function PageHeader({ title, description, actions, titleId }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.text}>
        <h1 className={styles.title} id={titleId}>
          {title}
        </h1>
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
