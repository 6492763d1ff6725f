import assert from 'node:assert/strict';
import { after, describe, it, type TestContext } from 'node:test';

import { loadConfig } from '../src/config';
import { buildMember, insertMembers } from '../src/seed/builders';
import { sessionCookie } from './helpers/api';
import { startServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';

after(dropTestDatabases);

const WEEK_SUMMARY_PATH = '/api/today/week/2026-11-30';

/** How long GET `path` (the week summary's) takes for a member, `cookie` added to the session's. */
async function readTime(
  t: TestContext,
  env: Record<string, string>,
  extraCookie: string,
  path = WEEK_SUMMARY_PATH,
) {
  const [kind] = databaseKinds();
  const server = await startServer(await kind.create(), env);
  t.after(() => server.close());
  const [member] = await insertMembers(server.database.db, [buildMember()]);
  const cookie = `${await sessionCookie(member)}; ${extraCookie}`;
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { cookie },
  });
  const elapsed = performance.now() - started;
  assert.equal(response.status, 200, await response.text());
  return elapsed;
}

describe('TEST_SLOW_READS (the test suite only)', () => {
  it('slows the week summary for a request whose cookie asks for it', async (t) => {
    const elapsed = await readTime(
      t,
      { TEST_SLOW_READS: 'true' },
      'test_slow_read=week-summary:1500',
    );
    assert.ok(elapsed >= 1500, `answered after ${elapsed} ms`);
  });

  it('slows the day’s record badges for a request whose cookie names them', async (t) => {
    const elapsed = await readTime(
      t,
      { TEST_SLOW_READS: 'true' },
      'test_slow_read=day-records:1500',
      '/api/today/date/2026-11-30/records',
    );
    assert.ok(elapsed >= 1500, `answered after ${elapsed} ms`);
  });

  it('ignores the cookie when the setting is off (the default)', async (t) => {
    // A lower bound is all a shared machine allows: the setting off, the read does not wait 5 s.
    const elapsed = await readTime(t, {}, 'test_slow_read=week-summary:5000');
    assert.ok(elapsed < 5000, `answered after ${elapsed} ms`);
  });

  it('ignores a cookie naming another read', async (t) => {
    const elapsed = await readTime(t, { TEST_SLOW_READS: 'true' }, 'test_slow_read=history:5000');
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
