/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium), kept from the moment
 * this module is evaluated: the event may fire before any install button is mounted, and it comes
 * only once per page. The default mini-infobar is held back (`preventDefault`) so the app's own
 * `앱 설치` button offers it instead; `appinstalled` (or running standalone) hides the button.
 */

/** The part of Chromium's BeforeInstallPromptEvent used here (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallState {
  /** The browser offers installing now (a kept `beforeinstallprompt`). */
  available: boolean;
  /** Installed (`appinstalled`) or running as the installed app (`display-mode: standalone`). */
  installed: boolean;
}

const NOT_OFFERED: InstallState = Object.freeze({ available: false, installed: false });

let deferred: InstallPromptEvent | null = null;
let installedNow = false;
let state: InstallState = NOT_OFFERED;
const listeners = new Set<() => void>();

function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const media = window.matchMedia?.('(display-mode: standalone)');
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return Boolean(media?.matches) || iosStandalone;
}

function update(): void {
  const installed = installedNow || isStandalone();
  const next = { available: !installed && deferred !== null, installed };
  if (next.available === state.available && next.installed === state.installed) return;
  state = next;
  for (const listener of Array.from(listeners)) listener();
}

function onBeforeInstallPrompt(event: Event): void {
  event.preventDefault();
  deferred = event as InstallPromptEvent;
  installedNow = false;
  update();
}

function onAppInstalled(): void {
  deferred = null;
  installedNow = true;
  update();
}

let listening = false;

/** Starts listening (once per page); runs when the module is first evaluated in the browser. */
export function listenForInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
  window.addEventListener('appinstalled', onAppInstalled);
  window.matchMedia?.('(display-mode: standalone)')?.addEventListener?.('change', update);
  update();
}

listenForInstallPrompt();

/** For useSyncExternalStore. */
export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  update();
  return () => listeners.delete(listener);
}

export function getInstallState(): InstallState {
  return state;
}

export function getServerInstallState(): InstallState {
  return NOT_OFFERED;
}

/**
 * Shows the browser's install dialog (the kept event can be used once). Resolves with whether
 * the member accepted; the button hides either way until the browser offers it again.
 */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  update();
  await event.prompt();
  const choice = await event.userChoice?.catch(() => undefined);
  return choice?.outcome === 'accepted';
}

/** Forgets everything (tests). */
export function resetInstallPrompt(): void {
  deferred = null;
  installedNow = false;
  state = NOT_OFFERED;
  update();
}
