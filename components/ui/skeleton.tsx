import styles from './skeleton.module.css';

export type SkeletonVariant = 'text' | 'title' | 'avatar' | 'block' | 'button';

export interface SkeletonProps {
  variant?: SkeletonVariant;
  /** Shorter line, for the last line of a paragraph. */
  short?: boolean;
  className?: string;
}

/** A shimmering placeholder shape; decorative (hidden from assistive technology). */
export function Skeleton({ variant = 'text', short = false, className }: SkeletonProps) {
  return (
    <span
      className={[styles.skeleton, styles[variant], short ? styles.short : '', className]
        .filter(Boolean)
        .join(' ')}
      aria-hidden="true"
    />
  );
}

export interface SkeletonListProps {
  /** Number of rows. */
  rows?: number;
  /** Accessible label announced while loading. */
  label: string;
}

/** A list of avatar + two-line rows while content loads; announces `label` politely. */
export function SkeletonList({ rows = 3, label }: SkeletonListProps) {
  return (
    <div className={styles.list} role="status" aria-live="polite">
      <span className="visuallyHidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={styles.row}>
          <Skeleton variant="avatar" />
          <div className={styles.lines}>
            <Skeleton variant="title" />
            <Skeleton short />
          </div>
        </div>
      ))}
    </div>
  );
}
