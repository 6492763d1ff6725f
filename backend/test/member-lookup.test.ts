import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';

import { eq } from 'drizzle-orm';

import { MemberLookup } from '../src/auth/member-lookup';
import { upsertMember } from '../src/auth/members';
import { members } from '../src/db/schema';
import { databaseKinds, dropTestDatabases } from './helpers/databases';

after(dropTestDatabases);

for (const kind of databaseKinds()) {
  describe(`MemberLookup (${kind.name})`, () => {
    async function setup() {
      const database = await kind.create();
      const member = await upsertMember(database.db, {
        issuer: 'https://issuer.test',
        subject: 'lookup-1',
        email: 'lookup@everyhealth.test',
        name: '김민준',
        picture: null,
      });
      let clock = 1_000_000;
      const lookup = new MemberLookup(database.db, 5_000, 2, () => clock);
      const rename = (name: string) =>
        database.db.update(members).set({ name }).where(eq(members.id, member.id));
      return { database, member, lookup, rename, advance: (ms: number) => (clock += ms) };
    }

    it('answers from memory within the TTL and reads the database again after it', async () => {
      const { database, member, lookup, rename, advance } = await setup();
      try {
        assert.equal((await lookup.find(member.id))?.name, '김민준');
        await rename('이서연');
        advance(4_999);
        assert.equal((await lookup.find(member.id))?.name, '김민준');
        advance(2);
        assert.equal((await lookup.find(member.id))?.name, '이서연');
      } finally {
        await database.close();
      }
    });

    it('reads again at once after forget (a sign-in changed the name)', async () => {
      const { database, member, lookup, rename } = await setup();
      try {
        await lookup.find(member.id);
        await rename('박지호');
        lookup.forget(member.id);
        assert.equal((await lookup.find(member.id))?.name, '박지호');
      } finally {
        await database.close();
      }
    });

    it('does not remember unknown ids, and keeps at most maxEntries members', async () => {
      const { database, member, lookup } = await setup();
      try {
        assert.equal(await lookup.find(member.id + 1000), undefined);
        const others = await Promise.all(
          ['lookup-2', 'lookup-3'].map((subject) =>
            upsertMember(database.db, {
              issuer: 'https://issuer.test',
              subject,
              email: null,
              name: subject,
              picture: null,
            }),
          ),
        );
        await lookup.find(member.id);
        await lookup.find(others[0].id);
        await lookup.find(others[1].id); // evicts member.id, the oldest
        await database.db.delete(members).where(eq(members.id, member.id));
        assert.equal(await lookup.find(member.id), undefined, 'evicted, so read again');
        assert.equal((await lookup.find(others[1].id))?.name, 'lookup-3');
      } finally {
        await database.close();
      }
    });
  });
}
