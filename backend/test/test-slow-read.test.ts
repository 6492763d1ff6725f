import assert from 'node:assert/strict';
import { after, describe, it, type TestContext } from 'node:test';

import { loadConfig } from '../src/config';
import { buildMember, insertMembers } from '../src/seed/builders';
import { sessionCookie } from './helpers/api';
import { startServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';

after(dropTestDatabases);

/** How long GET /api/today/week/{date} takes for a member with `cookie` added to the session's. */
async function weekSummaryTime(t: TestContext, env: Record<string, string>, extraCookie: string) {
  const [kind] = databaseKinds();
  const server = await startServer(await kind.create(), env);
  t.after(() => server.close());
  const [member] = await insertMembers(server.database.db, [buildMember()]);
  const cookie = `${await sessionCookie(member)}; ${extraCookie}`;
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/today/week/2026-11-30`, {
    headers: { cookie },
  });
  const elapsed = performance.now() - started;
  assert.equal(response.status, 200, await response.text());
  return elapsed;
}

describe('TEST_SLOW_READS (the test suite only)', () => {
  it('slows the week summary for a request whose cookie asks for it', async (t) => {
    const elapsed = await weekSummaryTime(
      t,
      { TEST_SLOW_READS: 'true' },
      'test_slow_read=week-summary:1500',
    );
    assert.ok(elapsed >= 1500, `answered after ${elapsed} ms`);
  });

  it('ignores the cookie when the setting is off (the default)', async (t) => {
    // A lower bound is all a shared machine allows: the setting off, the read does not wait 5 s.
    const elapsed = await weekSummaryTime(t, {}, 'test_slow_read=week-summary:5000');
    assert.ok(elapsed < 5000, `answered after ${elapsed} ms`);
  });

  it('ignores a cookie naming another read', async (t) => {
    const elapsed = await weekSummaryTime(
      t,
      { TEST_SLOW_READS: 'true' },
      'test_slow_read=history:5000',
    );
    assert.ok(elapsed < 5000, `answered after ${elapsed} ms`);
  });

  it('is refused at start unless PUBLIC_URL is a loopback address', () => {
    assert.equal(loadConfig({ TEST_SLOW_READS: 'true' }).testSlowReads, true);
    assert.throws(
      () =>
        loadConfig({
          TEST_SLOW_READS: 'true',
          PUBLIC_URL: 'https://gym.example.com',
          GOOGLE_CLIENT_ID: 'id',
          GOOGLE_CLIENT_SECRET: 'secret',
          JWT_SECRET: 'a'.repeat(32),
        }),
      /TEST_SLOW_READS/,
    );
    assert.equal(loadConfig({}).testSlowReads, false);
  });
});
