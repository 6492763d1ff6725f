/** @jest-environment node */
import { defineRead } from '@/lib/reads/define';
import { readBackend, readBackendOrNull } from './server-client';
import { serverRead, serverReadOrNull } from './server-read';

jest.mock('./server-client', () => ({ readBackend: jest.fn(), readBackendOrNull: jest.fn() }));

const countRead = defineRead({
  key: (id: number) => `/api/things/${id}/count`,
  schema: async () => (await import('@/lib/contract/notification')).unreadNotificationsSchema,
  toView: ({ unreadCount }: { unreadCount: number }) => unreadCount,
});

beforeEach(() => jest.clearAllMocks());

describe('serverRead', () => {
  it('reads the definition’s path with its schema and answers the view', async () => {
    jest.mocked(readBackend).mockResolvedValue({ unreadCount: 3 });
    await expect(serverRead(countRead, 9)).resolves.toBe(3);
    expect(readBackend).toHaveBeenCalledWith('/api/things/9/count', await countRead.schema());
  });
});

describe('serverReadOrNull', () => {
  it('answers the view of what the backend has', async () => {
    jest.mocked(readBackendOrNull).mockResolvedValue({ unreadCount: 4 });
    await expect(serverReadOrNull(countRead, 9)).resolves.toBe(4);
    expect(readBackendOrNull).toHaveBeenCalledWith('/api/things/9/count', await countRead.schema());
  });

  it('answers null for a 404, without mapping it', async () => {
    const toView = jest.spyOn(countRead, 'toView');
    jest.mocked(readBackendOrNull).mockResolvedValue(null);
    await expect(serverReadOrNull(countRead, 9)).resolves.toBeNull();
    expect(toView).not.toHaveBeenCalled();
  });
});
