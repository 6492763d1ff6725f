import { type ReactNode, useId } from 'react';

import type { ExerciseHistory } from '@/lib/contract/training';
import { messages } from '@/lib/i18n/messages';
import { ONE_REP_MAX_FORMULA } from '@/lib/shared/training/one-rep-max';
import { toDisplayWeight, type WeightUnit } from '@/lib/shared/training/units';

import { axisTicks, barWidth, labelAnchor, labelIndexes, slotCentre, yOffset } from './chart-scale';
import table from './data-table.module.css';
import { formatAxisDate, formatDate, formatTick, formatVolume, formatWeight } from './format';
import styles from './history-charts.module.css';

/**
 * The exercise history's charts, drawn on the server as inline SVG (no chart library, no script):
 * the estimated one-rep max and the top set's weight per session, the volume per session, and the
 * RPE per session when the range has any.
 * Sessions sit in equal slots, oldest on the left. Horizontal positions are percentages of the
 * plot's width, so a chart stretches with the screen while its text keeps its size (no viewBox
 * scaling); the value labels sit in a column of their own beside the plot. Each chart is a figure
 * with a caption, an image role with a summary, and the same numbers as a table.
 */

export type HistorySession = ExerciseHistory['sessions'][number];

/** Width of the value labels' column, and room for the unit (top) and the dates (bottom), in px. */
const LEFT = 52;
const TOP = 30;
const BOTTOM = 28;
const PROGRESS_HEIGHT = 180;
const VOLUME_HEIGHT = 140;
/** Dates labelled under a chart: all of them fit a wide chart, fewer a phone's. */
const WIDE_LABELS = 6;
const NARROW_LABELS = 3;

/** The date labels under a plot `height` tall; some only on wide charts, some only on narrow. */
function DateLabels({ sessions, height }: { sessions: readonly HistorySession[]; height: number }) {
  const count = sessions.length;
  const wide = new Set(labelIndexes(count, WIDE_LABELS));
  const narrow = new Set(labelIndexes(count, NARROW_LABELS));
  const years = new Set(sessions.map((session) => session.localDate.slice(0, 4)));
  return (
    <g className={styles.dates} data-dates="">
      {[...new Set([...wide, ...narrow])]
        .sort((a, b) => a - b)
        .map((index) => {
          const only = !narrow.has(index)
            ? styles.wideOnly
            : !wide.has(index)
              ? styles.narrowOnly
              : '';
          return (
            <text
              key={index}
              x={`${slotCentre(index, count)}%`}
              y={height + 18}
              textAnchor={labelAnchor(index, count)}
              className={only || undefined}
            >
              {formatAxisDate(sessions[index].localDate, years.size > 1)}
            </text>
          );
        })}
    </g>
  );
}

/** The value labels of an axis of `ticks` over a plot `height` tall, the unit on top. */
function ValueLabels({
  ticks,
  height,
  unit,
}: {
  ticks: readonly number[];
  height: number;
  /** The axis's unit on top: the member's weight unit, or `RPE`. */
  unit: string;
}) {
  return (
    <svg
      className={styles.axis}
      width={LEFT}
      height={TOP + height + BOTTOM}
      aria-hidden="true"
      focusable="false"
    >
      <text x={LEFT - 8} y={TOP - 14} textAnchor="end" className={styles.unit}>
        {unit}
      </text>
      {ticks.map((tick) => (
        <text
          key={tick}
          x={LEFT - 8}
          y={TOP + yOffset(tick, ticks, height)}
          textAnchor="end"
          dominantBaseline="middle"
        >
          {formatTick(tick)}
        </text>
      ))}
    </svg>
  );
}

/**
 * A chart: the value labels in a column of their own, and the plot beside it, which takes the rest
 * of the width (its percentages are of that width): an image named `label`, gridlines at `ticks`,
 * the drawing `height` tall, the dates below.
 */
function ChartFrame({
  label,
  height,
  ticks,
  unit,
  children,
}: {
  label: string;
  height: number;
  ticks: readonly number[];
  unit: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.frame}>
      <ValueLabels ticks={ticks} height={height} unit={unit} />
      <svg
        className={styles.chart}
        role="img"
        aria-label={label}
        width="100%"
        height={TOP + height + BOTTOM}
        focusable="false"
      >
        {/* Drawing only: the label says what it shows, and the table has the numbers. */}
        <g transform={`translate(0 ${TOP})`} aria-hidden="true">
          {ticks.map((tick) => {
            const y = yOffset(tick, ticks, height);
            return <line key={tick} x1="0" x2="100%" y1={y} y2={y} className={styles.grid} />;
          })}
          {children}
        </g>
      </svg>
    </div>
  );
}

/** The same numbers as a table, folded under the chart (and always reachable by screen readers). */
function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: ReadonlyArray<{ key: string; cells: readonly string[] }>;
}) {
  return (
    <details className={styles.details}>
      <summary className={styles.summary}>{messages.history.showTable}</summary>
      <div className={styles.tableWrap}>
        <table className={table.table}>
          <caption className={styles.tableCaption}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.cells[0]}</th>
                {row.cells.slice(1).map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

const SERIES_CLASSES = {
  oneRepMax: styles.oneRepMax,
  topSet: styles.topSet,
  rpe: styles.rpe,
} as const;

/**
 * Points of one series joined by a line, at each session's slot; a session without a value (null:
 * no RPE that day) has no point, and the line joins the sessions either side of it.
 */
function Series({
  name,
  values,
  ticks,
  height,
  titles,
}: {
  name: keyof typeof SERIES_CLASSES;
  values: ReadonlyArray<number | null>;
  ticks: readonly number[];
  height: number;
  titles: readonly string[];
}) {
  const count = values.length;
  const points = values.flatMap((value, index) =>
    value === null
      ? []
      : [{ index, x: `${slotCentre(index, count)}%`, y: yOffset(value, ticks, height) }],
  );
  const radius = count > 40 ? 2.5 : 4;
  return (
    <g className={SERIES_CLASSES[name]} data-series={name}>
      {points.slice(1).map((point, index) => (
        <line
          key={`l${point.index}`}
          className={styles.line}
          x1={points[index].x}
          y1={points[index].y}
          x2={point.x}
          y2={point.y}
        />
      ))}
      {points.map((point) => (
        <circle
          key={`p${point.index}`}
          className={styles.point}
          cx={point.x}
          cy={point.y}
          r={radius}
        >
          <title>{titles[point.index]}</title>
        </circle>
      ))}
    </g>
  );
}

/** The chart of the estimated 1RM (Epley) and the top set's weight, per session. */
export function ProgressChart({
  sessions,
  unit,
}: {
  sessions: readonly HistorySession[];
  unit: WeightUnit;
}) {
  const oneRepMax = sessions.map((session) => toDisplayWeight(session.oneRepMax, unit));
  const topSet = sessions.map((session) => toDisplayWeight(session.topSet.weight, unit));
  const ticks = axisTicks([...oneRepMax, ...topSet]);
  const best = Math.max(...sessions.map((session) => session.oneRepMax));
  const label = messages.history.progressSummary(
    sessions.length,
    formatWeight(sessions[0].oneRepMax, unit),
    formatWeight(sessions[sessions.length - 1].oneRepMax, unit),
    formatWeight(best, unit),
  );
  const topSetText = (session: HistorySession) =>
    messages.history.set(formatWeight(session.topSet.weight, unit), session.topSet.reps);
  const captionId = useId();
  return (
    <figure className={styles.figure} aria-labelledby={captionId}>
      <figcaption className={styles.caption} id={captionId}>
        {messages.history.oneRepMaxCaption(ONE_REP_MAX_FORMULA)}
      </figcaption>
      <ul className={styles.legend}>
        <li className={styles.legendOneRepMax}>{messages.history.oneRepMax}</li>
        <li className={styles.legendTopSet}>{messages.history.topSet}</li>
      </ul>
      <ChartFrame label={label} height={PROGRESS_HEIGHT} ticks={ticks} unit={unit}>
        <Series
          name="topSet"
          values={topSet}
          ticks={ticks}
          height={PROGRESS_HEIGHT}
          titles={sessions.map(
            (session) =>
              `${formatDate(session.localDate)} ${messages.history.topSet} ${topSetText(session)}`,
          )}
        />
        <Series
          name="oneRepMax"
          values={oneRepMax}
          ticks={ticks}
          height={PROGRESS_HEIGHT}
          titles={sessions.map(
            (session) =>
              `${formatDate(session.localDate)} ${messages.history.oneRepMax} ${formatWeight(session.oneRepMax, unit)}`,
          )}
        />
        <DateLabels sessions={sessions} height={PROGRESS_HEIGHT} />
      </ChartFrame>
      <DataTable
        caption={messages.history.progressTableCaption}
        columns={[messages.history.date, messages.history.oneRepMax, messages.history.topSet]}
        rows={sessions.map((session) => ({
          key: session.localDate,
          cells: [
            formatDate(session.localDate),
            formatWeight(session.oneRepMax, unit),
            topSetText(session),
          ],
        }))}
      />
    </figure>
  );
}

/** The chart of the volume (reps × weight summed) per session, as bars from zero. */
export function VolumeChart({
  sessions,
  unit,
}: {
  sessions: readonly HistorySession[];
  unit: WeightUnit;
}) {
  const volumes = sessions.map((session) => toDisplayWeight(session.volume, unit));
  const ticks = axisTicks(volumes, { fromZero: true });
  const count = sessions.length;
  const width = barWidth(count);
  const best = Math.max(...sessions.map((session) => session.volume));
  const label = messages.history.volumeSummary(
    count,
    formatVolume(sessions[count - 1].volume, unit),
    formatVolume(best, unit),
  );
  const captionId = useId();
  return (
    <figure className={styles.figure} aria-labelledby={captionId}>
      <figcaption className={styles.caption} id={captionId}>
        {messages.history.volumeCaption}
      </figcaption>
      <ChartFrame label={label} height={VOLUME_HEIGHT} ticks={ticks} unit={unit}>
        <g className={styles.bars} data-series="volume">
          {sessions.map((session, index) => {
            const top = yOffset(volumes[index], ticks, VOLUME_HEIGHT);
            return (
              <rect
                key={session.localDate}
                x={`${slotCentre(index, count) - width / 2}%`}
                width={`${width}%`}
                y={top}
                height={VOLUME_HEIGHT - top}
                rx={2}
              >
                <title>{`${formatDate(session.localDate)} ${messages.history.volume} ${formatVolume(session.volume, unit)}`}</title>
              </rect>
            );
          })}
        </g>
        <DateLabels sessions={sessions} height={VOLUME_HEIGHT} />
      </ChartFrame>
      <DataTable
        caption={messages.history.volumeTableCaption}
        columns={[messages.history.date, messages.history.volume, messages.history.setCount]}
        rows={sessions.map((session) => ({
          key: session.localDate,
          cells: [
            formatDate(session.localDate),
            formatVolume(session.volume, unit),
            `${session.sets}`,
          ],
        }))}
      />
    </figure>
  );
}

const RPE_HEIGHT = 120;
/** The RPE axis: the scale's whole range, so sessions compare at a glance. */
const RPE_TICKS = [6, 7, 8, 9, 10];

/** True when some session of the range has an RPE (the RPE chart shows only then). */
export function hasRpe(sessions: readonly HistorySession[]): boolean {
  return sessions.some((session) => session.rpe !== undefined);
}

/**
 * The chart of the RPE per session (issue 27): the mean RPE of the day's sets that have one, with
 * the reps in reserve it means; the table adds the top set's RPE. Sessions without RPE leave a gap.
 */
export function RpeChart({ sessions }: { sessions: readonly HistorySession[] }) {
  const rated = sessions.filter((session) => session.rpe !== undefined);
  const mean = (session: HistorySession) =>
    session.rpe === undefined ? messages.history.noRpe : messages.history.rpeValue(session.rpe);
  const label = messages.history.rpeSummary(
    rated.length,
    mean(rated[rated.length - 1]),
    Math.max(...rated.map((session) => session.rpe!)),
  );
  const captionId = useId();
  return (
    <figure className={styles.figure} aria-labelledby={captionId}>
      <figcaption className={styles.caption} id={captionId}>
        {messages.history.rpeCaption}
      </figcaption>
      <ChartFrame
        label={label}
        height={RPE_HEIGHT}
        ticks={RPE_TICKS}
        unit={messages.history.rpeAxis}
      >
        <Series
          name="rpe"
          values={sessions.map((session) => session.rpe ?? null)}
          ticks={RPE_TICKS}
          height={RPE_HEIGHT}
          titles={sessions.map(
            (session) =>
              `${formatDate(session.localDate)} ${messages.history.rpe} ${mean(session)}`,
          )}
        />
        <DateLabels sessions={sessions} height={RPE_HEIGHT} />
      </ChartFrame>
      <DataTable
        caption={messages.history.rpeTableCaption}
        columns={[messages.history.date, messages.history.rpe, messages.history.topSetRpe]}
        rows={sessions.map((session) => ({
          key: session.localDate,
          cells: [
            formatDate(session.localDate),
            mean(session),
            session.topSet.rpe != null
              ? messages.history.rpeValue(session.topSet.rpe)
              : messages.history.noRpe,
          ],
        }))}
      />
    </figure>
  );
}
