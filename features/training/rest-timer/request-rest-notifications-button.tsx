'use client';

import { useSyncExternalStore } from 'react';

import { Button } from '@/components/ui/button';

import { restTimerMessages } from './messages';
import {
  askRestNotificationPermission,
  getRestNotificationPermission,
  type RestNotificationPermission,
  subscribeRestNotificationPermission,
} from './notify';
import styles from './request-rest-notifications-button.module.css';

const text = restTimerMessages.notifications;
const getServerPermission = (): RestNotificationPermission => 'unsupported';

/**
 * Lets the member turn on the end-of-rest notification (for settings). Browsers only ask from a
 * click, so this is a button rather than a prompt on load; once decided it shows the outcome, and
 * nothing at all where notifications are unsupported (or before hydration).
 */
export function RequestRestNotificationsButton({ className }: { className?: string }) {
  const permission = useSyncExternalStore(
    subscribeRestNotificationPermission,
    getRestNotificationPermission,
    getServerPermission,
  );
  if (permission === 'unsupported') return null;
  if (permission === 'default') {
    return (
      <Button
        variant="secondary"
        className={className}
        onClick={() => void askRestNotificationPermission()}
      >
        {text.ask}
      </Button>
    );
  }
  return (
    <p className={[styles.note, className].filter(Boolean).join(' ')} role="status">
      {permission === 'granted' ? text.granted : text.denied}
    </p>
  );
}
