/** @jest-environment node */
import * as z from 'zod/mini';

import { defineRead } from '@/lib/reads/define';

import { readFallbackKey, serverRead, serverReadOrNull } from './server-read';

// The backend as readBackend sees it: an answer per path, or its 404 (null for readBackendOrNull).
const answers = new Map<string, unknown>();
const readBackend = jest.fn(async (path: string) => {
  if (!answers.has(path)) throw new Error(`notFound() for ${path}`);
  return answers.get(path);
});
const readBackendOrNull = jest.fn(async (path: string) => answers.get(path) ?? null);
jest.mock('./server-client', () => ({
  readBackend: (path: string) => readBackend(path),
  readBackendOrNull: (path: string) => readBackendOrNull(path),
}));

const countRead = defineRead({
  key: (id: number, limit = 20) => `/api/things/${id}?limit=${limit}`,
  schema: async () => z.array(z.number()),
  toView: (numbers: number[]) => ({ count: numbers.length }),
});

beforeEach(() => {
  answers.clear();
  readBackend.mockClear();
  readBackendOrNull.mockClear();
});

describe('serverRead', () => {
  it("reads the definition's key and maps the answer to its view", async () => {
    answers.set('/api/things/5?limit=20', [1, 2, 3]);
    await expect(serverRead(countRead, 5)).resolves.toEqual({ count: 3 });
    expect(readBackend).toHaveBeenCalledWith('/api/things/5?limit=20');
  });

  it("leaves a 404 to readBackend (the page's notFound())", async () => {
    await expect(serverRead(countRead, 6)).rejects.toThrow('notFound() for /api/things/6?limit=20');
  });
});

describe('serverReadOrNull', () => {
  it('maps an answer as serverRead does', async () => {
    answers.set('/api/things/5?limit=2', [1, 2]);
    await expect(serverReadOrNull(countRead, 5, 2)).resolves.toEqual({ count: 2 });
  });

  it('is null for a 404, for the page to settle, without mapping it', async () => {
    await expect(serverReadOrNull(countRead, 6)).resolves.toBeNull();
    expect(readBackendOrNull).toHaveBeenCalledWith('/api/things/6?limit=20');
    expect(readBackend).not.toHaveBeenCalled();
  });
});

describe('readFallbackKey', () => {
  it("is the read's key as SWR serializes a string: the key itself", () => {
    expect(readFallbackKey(countRead, 5)).toBe('/api/things/5?limit=20');
  });
});
