/** @jest-environment node */
import { unstable_serialize } from 'swr';

import { notificationSettingsRead } from '@/features/notifications/reads';
import { FRIENDS_KEY, MEMBER_POSTS_KEY, NOTIFICATION_SETTINGS_KEY } from '@/lib/api/keys';
import { loginCheck } from '@/lib/bff/reads/session';
import { AccessDeniedError, BackendReadError, readBackend } from '@/lib/bff/server-client';
import { serverReadOrNull } from '@/lib/bff/server-read';

import { settingsScreen } from '../settings/settings-screen';
import { profileScreen } from './profile-screen';

jest.mock('@/lib/bff/reads/session', () => ({ loginCheck: jest.fn() }));
// The lib/reads definitions (posts, friends) reach the backend through serverRead's readBackend.
jest.mock('@/lib/bff/server-client', () => ({
  ...jest.requireActual('@/lib/bff/server-client'),
  readBackend: jest.fn(),
}));
jest.mock('@/lib/bff/server-read', () => ({
  ...jest.requireActual<typeof import('@/lib/bff/server-read')>('@/lib/bff/server-read'),
  serverReadOrNull: jest.fn(),
}));

const me = { id: 1, name: '김민준', picture: null };
const posts = [{ id: 3, text: '하체 데이', imageUrl: 'k.png' }];
const friends = [{ id: 8, member: me, friend: { id: 12, name: '이서연', picture: null } }];
const settings = { friendRequest: true, friendAccept: true, comment: false, like: true };

/** The backend's answer per path, as readBackend gives it (a promise, so a failure too). */
let backend: Record<string, () => Promise<unknown>>;

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(loginCheck).mockResolvedValue({ check: true, ...me, expiresIn: 30 });
  backend = {
    [MEMBER_POSTS_KEY]: () => Promise.resolve(posts),
    [FRIENDS_KEY]: () => Promise.resolve(friends),
  };
  jest
    .mocked(readBackend)
    .mockImplementation(
      (path: string) =>
        (backend[path]?.() ?? Promise.reject(new Error(`unexpected read: ${path}`))) as never,
    );
  jest.mocked(serverReadOrNull).mockResolvedValue(settings);
});

describe('profileScreen', () => {
  it('hands the member’s posts and friends over under the hooks’ keys (settings: /settings)', async () => {
    expect(await profileScreen()).toEqual({
      member: me,
      fallback: {
        [unstable_serialize([MEMBER_POSTS_KEY])]: posts,
        [FRIENDS_KEY]: friends,
      },
    });
    expect(serverReadOrNull).not.toHaveBeenCalled();
  });

  it('leaves a list the backend failed to the browser, which shows its inline error', async () => {
    backend[FRIENDS_KEY] = () => Promise.reject(new BackendReadError(FRIENDS_KEY, 503));
    expect((await profileScreen()).fallback).toEqual({
      [unstable_serialize([MEMBER_POSTS_KEY])]: posts,
    });
  });

  it('lets other failures end the page', async () => {
    const refused = new AccessDeniedError(MEMBER_POSTS_KEY);
    backend[MEMBER_POSTS_KEY] = () => Promise.reject(refused);
    await expect(profileScreen()).rejects.toBe(refused);
  });
});

describe('settingsScreen', () => {
  it('hands the notification settings over under the hook’s key', async () => {
    expect(await settingsScreen()).toEqual({ fallback: { [NOTIFICATION_SETTINGS_KEY]: settings } });
    expect(serverReadOrNull).toHaveBeenCalledWith(notificationSettingsRead);
  });

  it('leaves the settings out where the backend has none (the original backend)', async () => {
    jest.mocked(serverReadOrNull).mockResolvedValue(null);
    expect((await settingsScreen()).fallback).toEqual({});
  });

  it('leaves them to the browser when the backend cannot answer', async () => {
    jest
      .mocked(serverReadOrNull)
      .mockRejectedValue(new BackendReadError(NOTIFICATION_SETTINGS_KEY, 503));
    expect((await settingsScreen()).fallback).toEqual({});
  });
});
