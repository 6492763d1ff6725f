'use client';

import { useId } from 'react';

import { describeError } from '@/components/ui/errors';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import panel from '@/components/ui/panel.module.css';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api/errors';
import { loadApi } from '@/lib/api/load';
import type { NotificationSettingsUpdate } from '@/lib/contract/notification';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';

import styles from './notification-settings.module.css';
import { type NotificationSettings, notificationSettingsRead } from './reads';

const text = messages.notificationSettings;

/** The four kinds, in the order shown. */
const KINDS = ['friendRequest', 'friendAccept', 'comment', 'like'] as const;

/** Every kind is on until the member turns it off (the backend's defaults). */
const DEFAULTS: NotificationSettings = {
  friendRequest: true,
  friendAccept: true,
  comment: true,
  like: true,
};

/** The id of the panel, so that the bell's `알림 설정` link lands on it (`/settings#…`). */
export const NOTIFICATION_SETTINGS_ID = 'notification-settings';

/**
 * `알림 설정` on the member's profile (issue 16): one labelled switch per kind of notification
 * (friend requests, accepted requests, comments, likes). Each change is saved at once (shown before
 * the server answers, put back with a toast when it refuses). Nothing is shown where the backend
 * has no notifications (the original backend: the read answers 404); another failure to read them
 * shows an inline error with retry.
 */
export function NotificationSettingsPanel() {
  const headingId = useId();
  const { data: settings, error, mutate } = useRead(notificationSettingsRead, []);
  const toast = useToast();
  // The original backend has no notifications: nothing to choose.
  if (!settings && error instanceof ApiError && error.status === 404) return null;
  const current = settings ?? DEFAULTS;

  async function save(update: NotificationSettingsUpdate) {
    try {
      await mutate(async () => (await loadApi()).updateNotificationSettings(update), {
        optimisticData: { ...current, ...update },
        rollbackOnError: true,
        populateCache: true,
        revalidate: false,
      });
    } catch (failure) {
      toast.error(describeError(failure, text.saveFailed));
    }
  }

  return (
    <section
      className={panel.panel}
      aria-labelledby={headingId}
      id={NOTIFICATION_SETTINGS_ID}
      tabIndex={-1}
    >
      <h2 className={panel.heading} id={headingId}>
        {text.heading}
      </h2>
      <p className={styles.description}>{text.description}</p>
      {!settings && error ? (
        <InlineLoadError message={text.loadFailed} error={error} onRetry={() => void mutate()} />
      ) : null}
      <ul className={styles.list}>
        {KINDS.map((kind) => (
          <li key={kind}>
            <label className={styles.switch}>
              <span className={styles.label}>{text[kind]}</span>
              <input
                type="checkbox"
                role="switch"
                className={styles.input}
                checked={current[kind]}
                disabled={!settings}
                onChange={(event) => void save({ [kind]: event.target.checked })}
              />
              <span className={styles.track} aria-hidden="true" />
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
