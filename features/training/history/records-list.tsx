import type { ExerciseRecords } from '@/lib/contract/training';
import { messages } from '@/lib/i18n/messages';
import type { WeightUnit } from '@/lib/shared/training/units';

import table from './data-table.module.css';
import { formatDate, formatVolume, formatWeight } from './format';
import styles from './records-list.module.css';

interface RecordRow {
  key: keyof Omit<ExerciseRecords, 'repsAtWeight'>;
  /** The record in the member's unit, or null while there is none. */
  value: string | null;
  /** The set behind it (`100kg × 5회`), where one set made it. */
  detail?: string;
  date?: string;
}

/** The four single records as rows: value, the set that made it, and the day. */
function recordRows(records: ExerciseRecords, unit: WeightUnit): RecordRow[] {
  const set = (weight: number, reps: number) =>
    messages.history.set(formatWeight(weight, unit), reps);
  const { weight, oneRepMax, setVolume, sessionVolume } = records;
  return [
    {
      key: 'weight',
      value: weight && formatWeight(weight.weight, unit),
      detail: weight ? messages.history.reps(weight.reps) : undefined,
      date: weight?.localDate,
    },
    {
      key: 'oneRepMax',
      value: oneRepMax && formatWeight(oneRepMax.value, unit),
      detail: oneRepMax ? set(oneRepMax.weight, oneRepMax.reps) : undefined,
      date: oneRepMax?.localDate,
    },
    {
      key: 'setVolume',
      value: setVolume && formatVolume(setVolume.value, unit),
      detail: setVolume ? set(setVolume.weight, setVolume.reps) : undefined,
      date: setVolume?.localDate,
    },
    {
      key: 'sessionVolume',
      value: sessionVolume && formatVolume(sessionVolume.value, unit),
      date: sessionVolume?.localDate,
    },
  ];
}

/**
 * An exercise's personal records of all time, each with the day it was first reached: heaviest
 * weight, estimated 1RM, best set volume, best session volume, and the most reps at each weight
 * (a small table). A server component.
 */
export function RecordsList({
  records,
  unit,
  headingId,
}: {
  records: ExerciseRecords;
  unit: WeightUnit;
  /** id of the section's heading, which labels the region. */
  headingId: string;
}) {
  const repsAtWeight = [...records.repsAtWeight].sort((a, b) => b.weight - a.weight);
  return (
    <section className={styles.records} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 className={styles.heading} id={headingId}>
          {messages.history.recordsHeading}
        </h2>
        <p className={styles.note}>{messages.history.recordsNote}</p>
      </div>
      <dl className={styles.list}>
        {recordRows(records, unit).map((row) => (
          <div key={row.key} className={styles.item}>
            <dt className={styles.label}>{messages.history.records[row.key]}</dt>
            <dd className={styles.value}>{row.value ?? messages.history.noRecord}</dd>
            {row.detail ? <dd className={styles.detail}>{row.detail}</dd> : null}
            {row.date ? (
              <dd className={styles.date}>
                <time dateTime={row.date}>{messages.history.reachedOn(formatDate(row.date))}</time>
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
      {repsAtWeight.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={`${table.table} ${styles.rowHeadsBold}`}>
            <caption className={styles.caption}>{messages.history.records.repsAtWeight}</caption>
            <thead>
              <tr>
                <th scope="col">{messages.history.weight}</th>
                <th scope="col">{messages.history.maxReps}</th>
                <th scope="col">{messages.history.date}</th>
              </tr>
            </thead>
            <tbody>
              {repsAtWeight.map((record) => (
                <tr key={record.weight}>
                  <th scope="row">{formatWeight(record.weight, unit)}</th>
                  <td>{messages.history.reps(record.reps)}</td>
                  <td>
                    <time dateTime={record.localDate}>{formatDate(record.localDate)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
