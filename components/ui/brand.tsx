import Link from 'next/link';

import { messages } from '@/lib/i18n/messages';

import styles from './brand.module.css';

/** The app's mark: a red dot (the calendar's completion marker) and the name. */
export function BrandMark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <span className={`${styles.brand} ${styles[size]}`}>
      <span className={styles.mark} aria-hidden="true">
        <svg viewBox="0 0 32 32" width="32" height="32">
          <rect width="32" height="32" rx="9" fill="currentColor" />
          <path
            d="M9.5 12v8M22.5 12v8M7 14v4M25 14v4M9.5 16h13"
            stroke="#fff"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
      </span>
      <span className={styles.name}>{messages.app.name}</span>
    </span>
  );
}

/** The brand as a link home. */
export function BrandLink() {
  return (
    <Link prefetch={false} href="/" className={styles.link}>
      <BrandMark />
    </Link>
  );
}
