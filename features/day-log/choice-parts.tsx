import { messages } from '@/lib/i18n/messages';

import styles from './add-dialog.module.css';

/** A choice's name and its line of detail (sets, body part, equipment), beside its checkbox. */
export function ChoiceText({ name, meta }: { name: string; meta: string }) {
  return (
    <span className={styles.choiceText}>
      <span className={styles.choiceName}>{name}</span>
      <span className={styles.choiceMeta}>{meta}</span>
    </span>
  );
}

/** The order a checked choice will take in the day (`1`, `2`…), spoken in full. */
export function SelectionOrder({ sequence }: { sequence: number }) {
  return (
    <span className={styles.order} title={messages.dayLog.selectionOrder(sequence)}>
      <span aria-hidden="true">{sequence}</span>
      <span className="visuallyHidden">{messages.dayLog.selectionOrder(sequence)}</span>
    </span>
  );
}
