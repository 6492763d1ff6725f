'use client';

import { useEffect } from 'react';

import { formatRestClock, restTimerMessages as text } from './messages';
import { signalRestFinished } from './notify';
import styles from './rest-timer-bar.module.css';
import {
  adjustRestTimer,
  REST_STEP_SECONDS,
  type RestTimerView,
  settleRestTimer,
  stopRestTimer,
  useRestTimer,
} from './rest-timer-store';

/** A start is announced only while this fresh, so a reload or a remount mid-rest stays quiet. */
const START_ANNOUNCE_MS = 3000;
/** The spoken warning before the end. */
const WARNING_MS = 10_000;

/**
 * What the live region says. It changes only at the start, at ten seconds left and at the end
 * (and goes quiet in between), never with the ticking seconds: a screen reader would otherwise
 * read the clock every second.
 */
function announcement(view: RestTimerView | null): string {
  if (!view) return '';
  if (view.finished) return text.finished;
  if (view.remainingMs <= WARNING_MS) return text.tenSecondsLeft;
  const startedAt = view.endsAt - view.durationMs;
  return view.now - startedAt < START_ANNOUNCE_MS ? text.started(view.label, view.durationMs) : '';
}

/**
 * The rest timer between sets, fixed to the bottom of the viewport while one runs (started with
 * `startRestTimer` from anywhere; every tab shows the same timer). Mount it once, as the last
 * child of the page's content: while it shows it also renders an in-flow spacer of its own height,
 * so the end of the page can still scroll out from under it.
 *
 * It is also what finishes a rest: at zero the first tab to notice vibrates, notifies (when
 * allowed), shows `휴식 끝` for a few seconds and clears the timer.
 */
export function RestTimerBar() {
  const view = useRestTimer();
  const now = view?.now;
  const endsAt = view?.endsAt;
  const finishedAt = view?.finishedAt;

  useEffect(() => {
    if (endsAt === undefined) return;
    const claimed = settleRestTimer(Date.now(), {
      hidden: document.visibilityState === 'hidden',
    });
    if (claimed) signalRestFinished(claimed.label);
  }, [now, endsAt, finishedAt]);

  return (
    <>
      <div className="visuallyHidden" aria-live="polite" aria-atomic="true">
        {announcement(view)}
      </div>
      {view ? (
        <>
          <div className={styles.spacer} aria-hidden="true" />
          {/* data-rest-timer-bar: the toast region stacks above the bar while it shows. */}
          <section className={styles.bar} aria-label={text.region} data-rest-timer-bar="">
            {/* The timer text is what assistive technology reads; the bar is its picture. */}
            <progress
              className={styles.progress}
              max={Math.max(view.durationMs, 1)}
              value={view.remainingMs}
              aria-hidden="true"
            />
            <div className={styles.info}>
              <span className={styles.label}>{view.label}</span>
              {view.finished ? (
                <span className={styles.done}>{text.finished}</span>
              ) : (
                <span className={styles.time} role="timer">
                  {formatRestClock(view.remainingMs)}
                </span>
              )}
            </div>
            <div className={styles.actions}>
              {view.finished ? null : (
                <>
                  <button
                    type="button"
                    className={styles.action}
                    aria-label={text.decreaseLabel(REST_STEP_SECONDS)}
                    onClick={() => adjustRestTimer(-REST_STEP_SECONDS)}
                  >
                    {text.decrease(REST_STEP_SECONDS)}
                  </button>
                  <button
                    type="button"
                    className={styles.action}
                    aria-label={text.increaseLabel(REST_STEP_SECONDS)}
                    onClick={() => adjustRestTimer(REST_STEP_SECONDS)}
                  >
                    {text.increase(REST_STEP_SECONDS)}
                  </button>
                </>
              )}
              {/* One element in both states, so focus stays on it when the rest ends. */}
              <button
                type="button"
                className={`${styles.action} ${styles.skip}`}
                aria-label={view.finished ? text.closeLabel : text.skipLabel}
                onClick={stopRestTimer}
              >
                {view.finished ? text.close : text.skip}
              </button>
            </div>
          </section>
        </>
      ) : null}
    </>
  );
}
