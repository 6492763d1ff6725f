import styles from './counted-text.module.css';

export interface CharCounterLabels {
  /** The visible count, e.g. `12/1000`. */
  counter: (length: number, max: number) => string;
  /** What a screen reader hears instead, e.g. `1000자 중 12자 입력`. */
  counterLabel: (length: number, max: number) => string;
}

export interface CharCounterProps {
  /** For the textarea's aria-describedby. */
  id: string;
  length: number;
  max: number;
  /** The catalogue section with the texts (`messages.comments`, `messages.upload`). */
  labels: CharCounterLabels;
  className?: string;
}

/** A textarea's `length/max` counter: shown as digits, read out as a sentence. */
export function CharCounter({ id, length, max, labels, className }: CharCounterProps) {
  return (
    <span className={className ? `${styles.counter} ${className}` : styles.counter} id={id}>
      <span aria-hidden="true">{labels.counter(length, max)}</span>
      <span className="visuallyHidden">{labels.counterLabel(length, max)}</span>
    </span>
  );
}
