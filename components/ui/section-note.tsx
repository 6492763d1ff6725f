import styles from './section-note.module.css';

/** A quiet message for an empty section, with an optional hint line. */
export function SectionNote({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className={styles.note}>
      <p className={styles.noteTitle}>{title}</p>
      {hint ? <p className={styles.noteHint}>{hint}</p> : null}
    </div>
  );
}
