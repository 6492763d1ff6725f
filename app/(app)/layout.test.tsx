/** @jest-environment node */
import type { ReactElement } from 'react';

import { NOTIFICATIONS_UNREAD_KEY, ROOMS_SUMMARY_KEY, TRAINING_SETTINGS_KEY } from '@/lib/api/keys';
import { loginCheck } from '@/lib/bff/reads/session';
import type { Decorations } from '@/lib/bff/screens/fallback';
import { BackendReadError, readBackend, readBackendOrNull } from '@/lib/bff/server-client';

import SignedInLayout from './layout';

jest.mock('@/lib/bff/reads/session', () => ({ loginCheck: jest.fn() }));
jest.mock('@/lib/bff/server-client', () => ({
  ...jest.requireActual('@/lib/bff/server-client'),
  readBackend: jest.fn(),
  readBackendOrNull: jest.fn(),
}));

const settings = { weightUnit: 'lb', autoCompleteDay: true, restSeconds: 90 };
const summary = { rooms: [], unreadTotal: 2 };

/** The backend's answers by path, as readBackend and readBackendOrNull (404 → null) give them. */
let backend: Record<string, () => Promise<unknown>>;

function answer(path: string): Promise<never> {
  const reply = backend[path];
  if (!reply) throw new Error(`unexpected read ${path}`);
  return reply() as Promise<never>;
}

/** A read that answers when the test says so. */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((yes) => {
    resolve = yes;
  });
  return { promise, resolve };
}

/**
 * What the layout hands the browser: the SWR fallback every page's first HTML has (`primary`),
 * and the decorations, read by then (`fallback`) or streaming in after it (`streamed`).
 */
async function handedOver(): Promise<{ primary: Record<string, unknown> } & Decorations> {
  const providers = (await SignedInLayout({ children: null })) as ReactElement<{
    children: ReactElement<{
      value: { fallback: Record<string, unknown> };
      children: ReactElement<Decorations>;
    }>;
  }>;
  const swr = providers.props.children;
  const { fallback, streamed } = swr.props.children.props;
  return { primary: swr.props.value.fallback, fallback, streamed };
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(loginCheck).mockResolvedValue({ check: true, id: 1, name: '박지민', picture: null });
  backend = {
    [TRAINING_SETTINGS_KEY]: async () => settings,
    [ROOMS_SUMMARY_KEY]: async () => summary,
    [NOTIFICATIONS_UNREAD_KEY]: async () => ({ unreadCount: 4 }),
  };
  jest.mocked(readBackend).mockImplementation(answer);
  jest.mocked(readBackendOrNull).mockImplementation(answer);
});

describe('the signed-in layout', () => {
  it('hands the unit over with the first HTML, and the badges that have answered by then', async () => {
    expect(await handedOver()).toEqual({
      primary: { [TRAINING_SETTINGS_KEY]: settings },
      fallback: { [ROOMS_SUMMARY_KEY]: summary, [NOTIFICATIONS_UNREAD_KEY]: 4 },
      streamed: {},
    });
  });

  it('waits for the unit: every weight on the page is shown in it', async () => {
    const unit = later<unknown>();
    backend[TRAINING_SETTINGS_KEY] = () => unit.promise;
    let rendered = false;
    const rendering = handedOver().then((result) => {
      rendered = true;
      return result;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(rendered).toBe(false);
    unit.resolve(settings);
    expect((await rendering).primary).toEqual({ [TRAINING_SETTINGS_KEY]: settings });
  });

  it('streams a slow badge in after the first HTML instead of waiting for it', async () => {
    const rooms = later<unknown>();
    backend[ROOMS_SUMMARY_KEY] = () => rooms.promise;
    const { primary, fallback, streamed } = await handedOver();
    expect(primary).toEqual({ [TRAINING_SETTINGS_KEY]: settings });
    expect(fallback).toEqual({ [NOTIFICATIONS_UNREAD_KEY]: 4 });
    expect(Object.keys(streamed)).toEqual([ROOMS_SUMMARY_KEY]);
    rooms.resolve(summary);
    expect(await streamed[ROOMS_SUMMARY_KEY]).toEqual(summary);
  });

  it('leaves a badge it could not read, or one the backend lacks (404), to the browser', async () => {
    backend[ROOMS_SUMMARY_KEY] = () => Promise.reject(new BackendReadError('/rooms', 502));
    backend[NOTIFICATIONS_UNREAD_KEY] = () => Promise.resolve(null);
    expect(await handedOver()).toEqual({
      primary: { [TRAINING_SETTINGS_KEY]: settings },
      fallback: {},
      streamed: {},
    });
  });

  it('leaves the unit to the browser when it cannot be read', async () => {
    backend[TRAINING_SETTINGS_KEY] = () => Promise.reject(new BackendReadError('/settings', 502));
    expect((await handedOver()).primary).toEqual({});
  });
});
