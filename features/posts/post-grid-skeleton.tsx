import styles from './post-grid-skeleton.module.css';

/** Square placeholders while posts load. */
export function PostGridSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visuallyHidden">{label}</span>
      <div className={styles.grid} aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <span key={index} className={styles.skeleton} />
        ))}
      </div>
    </div>
  );
}
