import { useSyncExternalStore } from 'react';

/**
 * The rest timer between sets: one timer per browser, kept in localStorage so it survives client
 * navigation and reloads, and shared with the other tabs through the `storage` event.
 *
 * The timer holds timestamps, never a countdown: the remaining time is `endsAt - now` whenever it
 * is read, so a tab the phone put to sleep shows the right time the moment it wakes.
 */

/** The rest a timer gets when the caller has no better number. */
export const DEFAULT_REST_SECONDS = 90;
/** What the -15초 / +15초 buttons move the end by. */
export const REST_STEP_SECONDS = 15;
/** The longest rest a timer holds; longer values (typos, corrupt storage) are clamped or ignored. */
export const MAX_REST_SECONDS = 60 * 60;
/** How long the finished state (`휴식 끝`) shows before the timer clears itself. */
export const FINISHED_DISPLAY_MS = 3000;
/**
 * A hidden tab waits this long past the end before it signals it, so that a visible tab (whose
 * clock is not throttled) gets there first and the hidden one finds the finish already claimed.
 */
export const HIDDEN_TAB_GRACE_MS = 2000;
/** A rest that ended longer ago than this (a tab reopened hours later) clears without signalling. */
export const STALE_FINISH_MS = 30 * 60 * 1000;
export const REST_TIMER_STORAGE_KEY = 'everyhealth.restTimer';

export interface RestTimerState {
  /** When the rest ends, epoch ms. */
  endsAt: number;
  /** The whole rest in ms (the progress bar's scale); adjusting moves it with `endsAt`. */
  durationMs: number;
  /** What the rest follows, usually the exercise's name. */
  label: string;
  /** Set once, by the one tab that signalled the end (vibration, notification). */
  finishedAt?: number;
}

const MAX_REST_MS = MAX_REST_SECONDS * 1000;

const isBrowser = () => typeof window !== 'undefined';

// ---------------------------------------------------------------------------------------------
// Persistence. localStorage can be missing or throw (storage disabled, quota, Safari's old private
// mode): the timer then lives in memory for this tab only.

let memoryRaw: string | null = null;
let storageBroken = false;

function readRaw(): string | null {
  if (!storageBroken) {
    try {
      return window.localStorage.getItem(REST_TIMER_STORAGE_KEY);
    } catch {
      storageBroken = true;
    }
  }
  return memoryRaw;
}

function writeRaw(raw: string | null): void {
  memoryRaw = raw;
  if (!storageBroken) {
    try {
      if (raw === null) window.localStorage.removeItem(REST_TIMER_STORAGE_KEY);
      else window.localStorage.setItem(REST_TIMER_STORAGE_KEY, raw);
    } catch {
      storageBroken = true;
    }
  }
}

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The stored timer, or null for anything that is not exactly one (hand-edited, old, corrupt). */
function parse(raw: string | null): RestTimerState | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { endsAt, durationMs, label, finishedAt } = value as Record<string, unknown>;
  if (!isTime(endsAt) || !isTime(durationMs) || durationMs > MAX_REST_MS) return null;
  if (typeof label !== 'string') return null;
  if (finishedAt === undefined) return { endsAt, durationMs, label };
  return isTime(finishedAt) ? { endsAt, durationMs, label, finishedAt } : null;
}

// The snapshot is re-read on every call (another tab may have written) but parsed only when the
// raw text changed, so useSyncExternalStore sees the same object until something really changes.
let cachedRaw: string | null = null;
let cachedState: RestTimerState | null = null;

/** The current timer (running or just finished), or null; always null on the server. */
export function getRestTimer(): RestTimerState | null {
  if (!isBrowser()) return null;
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedState = parse(raw);
  }
  return cachedState;
}

const getServerRestTimer = (): RestTimerState | null => null;

// ---------------------------------------------------------------------------------------------
// Subscriptions: this tab's writes notify directly, other tabs' writes arrive as `storage` events.

const listeners = new Set<() => void>();

// The render clock (see useRestTimer below): a write moves it too, so a re-render caused by a
// write never shows a time up to a second old.
let clockNow = 0;
let tickTimer: ReturnType<typeof setTimeout> | undefined;
const clockListeners = new Set<() => void>();

function emit(): void {
  clockNow = Date.now();
  if (clockListeners.size > 0) scheduleTick();
  for (const listener of [...listeners]) listener();
}

function onStorage(event: StorageEvent): void {
  // key null: another tab called localStorage.clear().
  if (event.key === REST_TIMER_STORAGE_KEY || event.key === null) emit();
}

/** Calls `listener` after every change, in this tab or another; returns the unsubscribe. */
export function subscribeRestTimer(listener: () => void): () => void {
  if (!isBrowser()) return () => undefined;
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function write(state: RestTimerState | null): void {
  if (!isBrowser()) return;
  writeRaw(state === null ? null : JSON.stringify(state));
  emit();
}

// ---------------------------------------------------------------------------------------------
// Actions

function clampSeconds(seconds: number): number {
  if (!Number.isFinite(seconds)) return DEFAULT_REST_SECONDS;
  return Math.min(MAX_REST_SECONDS, Math.max(1, Math.round(seconds)));
}

/** Starts (or restarts) the rest: `seconds` clamped to 1 s–1 h, `label` usually the exercise. */
export function startRestTimer(
  seconds: number,
  label: string,
  now: number = Date.now(),
): RestTimerState {
  const durationMs = clampSeconds(seconds) * 1000;
  const state: RestTimerState = { endsAt: now + durationMs, durationMs, label };
  write(state);
  return state;
}

/**
 * Moves the end of a running rest by `deltaSeconds` (±REST_STEP_SECONDS from the buttons); the end
 * never goes before `now` (the rest then finishes) nor past an hour. No-op without a running timer.
 */
export function adjustRestTimer(
  deltaSeconds: number,
  now: number = Date.now(),
): RestTimerState | null {
  const timer = getRestTimer();
  if (!timer || timer.finishedAt !== undefined || !Number.isFinite(deltaSeconds)) return timer;
  // The start stays put, so the progress bar keeps its meaning and the run keeps its identity.
  const startedAt = Math.min(timer.endsAt - timer.durationMs, now);
  const endsAt = Math.min(
    startedAt + MAX_REST_MS,
    Math.max(now, timer.endsAt + Math.round(deltaSeconds * 1000)),
  );
  const state: RestTimerState = { endsAt, durationMs: endsAt - startedAt, label: timer.label };
  write(state);
  return state;
}

/** Ends the rest now, without signalling (the skip button). */
export function stopRestTimer(): void {
  write(null);
}

/**
 * Moves a due timer along; call it on every tick of every tab. Returns the timer when this call
 * claimed its end, i.e. when the caller must signal it (vibrate, notify): the claim is a
 * check-and-set on the stored state, so of several tabs only the first to notice signals, and a
 * hidden tab gives a visible one HIDDEN_TAB_GRACE_MS to be first. Also clears a finished timer
 * after FINISHED_DISPLAY_MS, and a long-stale one without signalling.
 */
export function settleRestTimer(
  now: number = Date.now(),
  { hidden = false }: { hidden?: boolean } = {},
): RestTimerState | null {
  const timer = getRestTimer();
  if (!timer) return null;
  if (timer.finishedAt !== undefined) {
    // `now < finishedAt`: the clock went backwards; do not keep the finished state for hours.
    if (now >= timer.finishedAt + FINISHED_DISPLAY_MS || now < timer.finishedAt) write(null);
    return null;
  }
  if (now < timer.endsAt + (hidden ? HIDDEN_TAB_GRACE_MS : 0)) return null;
  if (now - timer.endsAt > STALE_FINISH_MS) {
    write(null);
    return null;
  }
  const finished: RestTimerState = { ...timer, finishedAt: now };
  write(finished);
  return finished;
}

/** The rest left at `now`, in ms: 0 once finished, never negative, never above the duration. */
export function restRemainingMs(timer: RestTimerState, now: number): number {
  if (timer.finishedAt !== undefined) return 0;
  return Math.min(timer.durationMs, Math.max(0, timer.endsAt - now));
}

// ---------------------------------------------------------------------------------------------
// The clock the hook renders with. It ticks only while someone shows a timer, on the boundaries
// where the displayed second changes, and at once when the page becomes visible again (a sleeping
// tab's timers are throttled or frozen; the time itself always comes from Date.now()).

function scheduleTick(): void {
  clearTimeout(tickTimer);
  const timer = getRestTimer();
  const untilNextSecond = timer ? (((timer.endsAt - clockNow) % 1000) + 1000) % 1000 : 0;
  tickTimer = setTimeout(tick, untilNextSecond || 1000);
}

function tick(): void {
  clockNow = Date.now();
  scheduleTick();
  for (const listener of [...clockListeners]) listener();
}

function onVisibilityChange(): void {
  if (document.visibilityState === 'visible') tick();
}

function subscribeClock(listener: () => void): () => void {
  clockListeners.add(listener);
  if (clockListeners.size === 1) {
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pageshow', tick);
    tick();
  }
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0) {
      clearTimeout(tickTimer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pageshow', tick);
    }
  };
}

const subscribeNothing = () => () => undefined;

function getClock(): number {
  // Unsubscribed, the last tick may be old (the bar was hidden): refresh before the first render
  // of a timer. The threshold keeps consecutive reads within one render equal.
  if (clockListeners.size === 0 && Date.now() - clockNow >= 250) clockNow = Date.now();
  return clockNow;
}

const getServerClock = () => 0;

export interface RestTimerView extends RestTimerState {
  /** Rest left, from the timestamps (see restRemainingMs). */
  remainingMs: number;
  /** The clock reading the view was computed at, epoch ms. */
  now: number;
  /** The rest is over and the finished state shows until the timer clears. */
  finished: boolean;
}

/**
 * The timer for rendering, or null when none runs (and always on the server and at hydration).
 * Re-renders when the timer changes in any tab and once a second while one exists.
 */
export function useRestTimer(): RestTimerView | null {
  const timer = useSyncExternalStore(subscribeRestTimer, getRestTimer, getServerRestTimer);
  const now = useSyncExternalStore(
    timer ? subscribeClock : subscribeNothing,
    getClock,
    getServerClock,
  );
  if (!timer) return null;
  return {
    ...timer,
    remainingMs: restRemainingMs(timer, now),
    now,
    finished: timer.finishedAt !== undefined,
  };
}
