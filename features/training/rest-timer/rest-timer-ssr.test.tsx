/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';

import { askRestNotificationPermission } from './notify';
import { RequestRestNotificationsButton } from './request-rest-notifications-button';
import { RestTimerBar } from './rest-timer-bar';
import { getRestTimer, settleRestTimer, startRestTimer, stopRestTimer } from './rest-timer-store';

describe('rest timer on the server', () => {
  it('renders only the empty live region, and the store is inert without window', async () => {
    expect(typeof window).toBe('undefined');
    const html = renderToString(
      <>
        <RestTimerBar />
        <RequestRestNotificationsButton />
      </>,
    );
    expect(html).toBe('<div class="visuallyHidden" aria-live="polite" aria-atomic="true"></div>');
    expect(() => startRestTimer(90, '벤치프레스')).not.toThrow();
    expect(getRestTimer()).toBeNull();
    expect(settleRestTimer()).toBeNull();
    expect(() => stopRestTimer()).not.toThrow();
    await expect(askRestNotificationPermission()).resolves.toBe('unsupported');
  });
});
