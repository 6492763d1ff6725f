import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { SETTINGS_MESSAGES, trainingSettingsSchema } from '@/lib/contract/training';

import type { Member } from '../src/db/schema';
import { buildMember, insertMembers } from '../src/seed/builders';
import { type ApiClient, apiClient } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';

after(dropTestDatabases);

const homeGym = {
  bar: 15,
  plates: [
    { size: 20, pairs: 1 },
    { size: 10, pairs: 2 },
    { size: 1.25, pairs: 1 },
  ],
};
const garageLb = { bar: 35, plates: [{ size: 45, pairs: 2 }] };

/*
 * The member's bar and plates (issue 27 point 5): new optional settings, member-scoped, validated
 * with the settings' 400 bodies; a write without them (the original settings' fields only) keeps
 * them, and a unit left out of `plates` keeps its own.
 */
for (const kind of databaseKinds()) {
  describe(`plate inventory settings (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let other: Member;
    let api: ApiClient;
    let theirApi: ApiClient;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me, other] = await insertMembers(server.database.db, [buildMember(), buildMember()]);
      api = await apiClient(server, me);
      theirApi = await apiClient(server, other);
    });
    afterEach(() => server?.close());

    const settings = async (client: ApiClient) =>
      trainingSettingsSchema.parse(await client.get('/api/member/settings'));

    it('leaves plates out until set, then stores each unit on its own', async () => {
      assert.equal((await settings(api)).plates, undefined);
      const saved = await api.call('PATCH', '/api/member/settings', { plates: { kg: homeGym } });
      assert.equal(saved.status, 200);
      assert.deepEqual(((await saved.json()) as { plates: unknown }).plates, { kg: homeGym });
      // Another unit alone keeps the first.
      await api.call('PATCH', '/api/member/settings', { plates: { lb: garageLb } });
      assert.deepEqual((await settings(api)).plates, { kg: homeGym, lb: garageLb });
      // Replacing one unit replaces it whole.
      const lighter = { bar: 10, plates: [{ size: 5, pairs: 4 }] };
      await api.call('PATCH', '/api/member/settings', { plates: { kg: lighter } });
      assert.deepEqual((await settings(api)).plates, { kg: lighter, lb: garageLb });
    });

    it('keeps the plates through writes that leave them out', async () => {
      await api.call('PATCH', '/api/member/settings', { plates: { kg: homeGym } });
      // The settings' original fields only, as a client from before the plates sends them.
      const changed = await api.call('PATCH', '/api/member/settings', {
        weightUnit: 'lb',
        autoCompleteDay: false,
        restSeconds: 120,
      });
      assert.equal(changed.status, 200);
      assert.deepEqual(await settings(api), {
        weightUnit: 'lb',
        autoCompleteDay: false,
        restSeconds: 120,
        plates: { kg: homeGym },
      });
      await api.call('PATCH', '/api/member/settings', { plates: {} });
      assert.deepEqual((await settings(api)).plates, { kg: homeGym });
    });

    it('refuses a bad bar or plate with a 400 naming the field', async () => {
      const refused = async (plates: unknown, field: string) => {
        const { data } = await api.error('PATCH', '/api/member/settings', { plates }, 400);
        assert.equal((data as Record<string, string>)[field], SETTINGS_MESSAGES.plates, field);
      };
      await refused({ kg: { ...homeGym, bar: 0 } }, 'plates.kg.bar');
      await refused({ kg: { ...homeGym, bar: 101 } }, 'plates.kg.bar');
      await refused({ kg: { ...homeGym, bar: '20' } }, 'plates.kg.bar');
      await refused(
        { lb: { bar: 45, plates: [{ size: -5, pairs: 1 }] } },
        'plates.lb.plates.0.size',
      );
      await refused(
        { lb: { bar: 45, plates: [{ size: 1.1, pairs: 1 }] } },
        'plates.lb.plates.0.size',
      );
      await refused(
        { kg: { bar: 20, plates: [{ size: 5, pairs: 1.5 }] } },
        'plates.kg.plates.0.pairs',
      );
      await refused(
        { kg: { bar: 20, plates: [{ size: 5, pairs: 21 }] } },
        'plates.kg.plates.0.pairs',
      );
      const many = Array.from({ length: 13 }, (_, index) => ({ size: index + 1, pairs: 1 }));
      await refused({ kg: { bar: 20, plates: many } }, 'plates.kg.plates');
      await refused('all of them', 'plates');
      // Nothing was stored by the refusals.
      assert.equal((await settings(api)).plates, undefined);
    });

    it('keeps each member to their own plates', async () => {
      await api.call('PATCH', '/api/member/settings', { plates: { kg: homeGym } });
      assert.equal((await settings(theirApi)).plates, undefined);
      await theirApi.call('PATCH', '/api/member/settings', { plates: { lb: garageLb } });
      assert.deepEqual((await settings(api)).plates, { kg: homeGym });
      assert.deepEqual((await settings(theirApi)).plates, { lb: garageLb });
    });
  });
}
