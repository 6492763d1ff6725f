import { restTimerMessages } from './messages';

/**
 * How the end of a rest reaches someone who is not looking at the screen: a vibration, and a
 * system notification once they have allowed it (asked from a button, never on page load).
 */

export type RestNotificationPermission = NotificationPermission | 'unsupported';

/** The two-pulse pattern played at the end of a rest. */
export const REST_VIBRATION_PATTERN = [200, 100, 200];
/** One tag for every rest notification, so a newer one replaces the last instead of stacking. */
export const REST_NOTIFICATION_TAG = 'rest-timer';

function notificationApi(): typeof Notification | null {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification : null;
}

/** The notification permission, or 'unsupported' (server, old browsers, iOS outside a web app). */
export function getRestNotificationPermission(): RestNotificationPermission {
  return notificationApi()?.permission ?? 'unsupported';
}

const permissionListeners = new Set<() => void>();

/** Calls `listener` when the permission changes (asked here, or changed in the browser). */
export function subscribeRestNotificationPermission(listener: () => void): () => void {
  permissionListeners.add(listener);
  let status: PermissionStatus | undefined;
  let active = true;
  if (typeof navigator !== 'undefined' && navigator.permissions?.query) {
    navigator.permissions
      .query({ name: 'notifications' })
      .then((result) => {
        if (!active) return;
        status = result;
        status.addEventListener('change', listener);
      })
      .catch(() => undefined);
  }
  return () => {
    active = false;
    permissionListeners.delete(listener);
    status?.removeEventListener('change', listener);
  };
}

/**
 * Asks for notification permission; call it from a click (browsers ignore or block requests made
 * without a user gesture). Resolves with the resulting permission; asks only while undecided.
 */
export function askRestNotificationPermission(): Promise<RestNotificationPermission> {
  const api = notificationApi();
  if (!api) return Promise.resolve('unsupported');
  if (api.permission !== 'default') return Promise.resolve(api.permission);
  return new Promise<NotificationPermission>((resolve) => {
    // Older Safari only takes the callback and returns undefined; requested synchronously, inside
    // the gesture.
    const request = api.requestPermission(resolve) as Promise<NotificationPermission> | undefined;
    request?.then(resolve, () => resolve(api.permission));
  }).then((permission) => {
    for (const listener of [...permissionListeners]) listener();
    return permission;
  });
}

function showNotification(title: string, options: NotificationOptions): void {
  const api = notificationApi();
  if (!api) return;
  try {
    const notification = new api(title, options);
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
    return;
  } catch {
    // Chrome on Android has no Notification constructor: only a service worker may show one.
  }
  navigator.serviceWorker
    ?.getRegistration()
    .then((registration) => registration?.showNotification(title, options))
    .catch(() => undefined);
}

/** Signals the end of a rest: vibration where supported, a notification when allowed. */
export function signalRestFinished(label: string): void {
  if (typeof navigator === 'undefined') return;
  try {
    navigator.vibrate?.(REST_VIBRATION_PATTERN);
  } catch {
    // Some browsers throw instead of returning false when vibration is not allowed.
  }
  if (getRestNotificationPermission() === 'granted') {
    showNotification(restTimerMessages.finished, { body: label, tag: REST_NOTIFICATION_TAG });
  }
}
