import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';

import { asc } from 'drizzle-orm';

import { members } from '../src/db/schema';
import { buildMember } from '../src/seed/builders';
import { seedDemo } from '../src/seed/demo-seed';
import { DEMO_MEMBERS } from '../src/seed/demo-members';
import { databaseKinds, dropTestDatabases } from './helpers/databases';

after(dropTestDatabases);

const ISSUER = 'http://localhost:3000/oauth2/dev';

for (const kind of databaseKinds()) {
  describe(`demo seed (${kind.name})`, () => {
    it(
      kind.name === 'pglite'
        ? 'creates the three demo members once'
        : 'leaves an external PostgreSQL alone',
      async () => {
        const database = await kind.create();
        try {
          const first = await seedDemo(database, ISSUER);
          const second = await seedDemo(database, ISSUER);
          const rows = await database.db.select().from(members).orderBy(asc(members.id));
          if (kind.name === 'postgres') {
            assert.equal(first, 0);
            assert.equal(rows.length, 0);
            return;
          }
          assert.equal(first, 3);
          assert.equal(second, 0);
          assert.deepEqual(
            rows.map((r) => ({
              name: r.name,
              email: r.email,
              subject: r.subject,
              issuer: r.issuer,
            })),
            DEMO_MEMBERS.map((d) => ({
              name: d.name,
              email: d.email,
              subject: d.email,
              issuer: ISSUER,
            })),
          );
        } finally {
          await database.close();
        }
      },
    );
  });
}

describe('buildMember', () => {
  it('applies overrides over unique defaults', () => {
    const a = buildMember();
    const b = buildMember({ name: '홍길동' });
    assert.notEqual(a.subject, b.subject);
    assert.equal(b.name, '홍길동');
    assert.equal(b.picture, null);
  });
});
