import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

const store = new Map<string, Entry>();
const grants = new Map<string, Set<string>>();

function sweep(now: number): void {
  for (const [key, entry] of store) if (entry.expiresAt <= now) store.delete(key);
}

/**
 * In-process storage for the development provider's short-lived state (interactions, codes,
 * sessions). Our own rather than oidc-provider's built-in one, which warns on every start; like it,
 * it does not survive restarts or span instances, which a development provider does not need.
 */
export class DevMemoryAdapter implements Adapter {
  constructor(private readonly model: string) {}

  private key(id: string): string {
    return `${this.model}:${id}`;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const now = Date.now();
    if (store.size > 10_000) sweep(now);
    store.set(this.key(id), { payload, expiresAt: now + expiresIn * 1000 });
    if (payload.grantId) {
      const keys = grants.get(payload.grantId) ?? new Set<string>();
      keys.add(this.key(id));
      grants.set(payload.grantId, keys);
    }
    if (this.model === 'Session' && payload.uid)
      store.set(`SessionUid:${payload.uid}`, {
        payload: { ...payload, sessionId: id } as AdapterPayload,
        expiresAt: now + expiresIn * 1000,
      });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const entry = store.get(this.key(id));
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      store.delete(this.key(id));
      return undefined;
    }
    return entry.payload;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const entry = store.get(`SessionUid:${uid}`);
    const sessionId = (entry?.payload as { sessionId?: string } | undefined)?.sessionId;
    return sessionId ? this.find(sessionId) : undefined;
  }

  async findByUserCode(): Promise<AdapterPayload | undefined> {
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const entry = store.get(this.key(id));
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    store.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const key of grants.get(grantId) ?? []) store.delete(key);
    grants.delete(grantId);
  }
}
