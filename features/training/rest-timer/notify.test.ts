import {
  askRestNotificationPermission,
  getRestNotificationPermission,
  signalRestFinished,
} from './notify';

function setNotification(value: unknown) {
  Object.defineProperty(window, 'Notification', { value, configurable: true, writable: true });
}

afterEach(() => {
  // @ts-expect-error -- jsdom has no Notification; the tests add one.
  delete window.Notification;
  // @ts-expect-error -- nor a service worker container.
  delete navigator.serviceWorker;
});

describe('rest notifications', () => {
  it('reports unsupported without the API, and asks nothing', async () => {
    expect(getRestNotificationPermission()).toBe('unsupported');
    await expect(askRestNotificationPermission()).resolves.toBe('unsupported');
    expect(() => signalRestFinished('벤치프레스')).not.toThrow();
  });

  it('asks only while undecided', async () => {
    const requestPermission = jest.fn();
    setNotification(
      Object.assign(function Notification() {}, { permission: 'denied', requestPermission }),
    );
    await expect(askRestNotificationPermission()).resolves.toBe('denied');
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it("supports Safari's callback-only requestPermission", async () => {
    const requestPermission = jest.fn((callback: (p: NotificationPermission) => void) => {
      callback('granted');
      return undefined;
    });
    setNotification(
      Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
    );
    await expect(askRestNotificationPermission()).resolves.toBe('granted');
  });

  it('falls back to the service worker where the constructor throws (Chrome on Android)', async () => {
    setNotification(
      Object.assign(
        function Notification() {
          throw new TypeError('Illegal constructor');
        },
        { permission: 'granted' },
      ),
    );
    const showNotification = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { getRegistration: async () => ({ showNotification }) },
      configurable: true,
    });
    signalRestFinished('스쿼트');
    await Promise.resolve();
    await Promise.resolve();
    expect(showNotification).toHaveBeenCalledWith('휴식 끝', { body: '스쿼트', tag: 'rest-timer' });
  });
});
