import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { loginCheckSchema } from '@/lib/contract/session';

import { DEMO_MEMBERS } from '../src/seed/demo-members';
import { seedDemo } from '../src/seed/demo-seed';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { CookieJar, location, request } from './helpers/http';
import { signIn } from './helpers/sign-in';

after(dropTestDatabases);

async function loginCheck(server: TestServer, jar: CookieJar) {
  const response = await request(jar, `${server.baseUrl}/api/login/check`);
  assert.equal(response.status, 200);
  return loginCheckSchema.parse(await response.json());
}

/** The dev provider page's policy allows exactly its one inline style sheet and nothing to run. */
function assertPagePolicy(response: Response, html: string) {
  const policy = response.headers.get('content-security-policy') ?? '';
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
  assert.equal(styles.length, 1);
  const hash = createHash('sha256').update(styles[0]).digest('base64');
  assert.match(policy, /(?:^|; )default-src 'none'(?:;|$)/);
  assert.ok(policy.includes(`style-src 'sha256-${hash}'`), policy);
  assert.match(policy, /form-action 'self'/);
  assert.match(policy, /frame-ancestors 'none'/);
  assert.match(policy, /report-uri \/api\/csp-report/);
  assert.doesNotMatch(policy, /script-src|unsafe/);
  assert.doesNotMatch(html, /<script|style="/);
}

for (const kind of databaseKinds()) {
  describe(`sign-in through the development provider (${kind.name})`, () => {
    let server: TestServer;
    beforeEach(async () => {
      server = await startServer(await kind.create());
    });
    afterEach(() => server.close());

    it('lands on the app with both session cookies and a signed-in login check', async () => {
      const { jar, landing, page } = await signIn(server.baseUrl, {
        email: 'New.Member@Example.com',
        name: '새회원',
      });
      assert.equal(landing.href, `${server.baseUrl}/`);
      assert.ok(jar.get('access_token'));
      assert.equal(jar.cookies.get('refresh_token')?.path, '/api/token/refresh');
      assert.equal(jar.get('oauth2_auth_request'), undefined, 'auth-request cookie is cleared');
      assert.match(page, /<title>개발용 로그인<\/title>/);
      assert.match(page, /<label for="email">이메일<\/label>/);
      assert.match(page, /<label for="name">이름<\/label>/);
      assert.match(page, /<button type="submit">로그인<\/button>/);

      const check = await loginCheck(server, jar);
      assert.equal(check.check, true);
      assert.equal(check.name, '새회원');
      assert.equal(typeof check.id, 'number');
      assert.ok(check.expiresIn === 29 || check.expiresIn === 30);
    });

    it('prefills the e-mail from login_hint, honours next, and refreshes the name at every sign-in', async () => {
      const first = await signIn(
        server.baseUrl,
        { email: 'hint@example.com', name: '처음' },
        { loginHint: 'hint@example.com', next: '/post?tab=1' },
      );
      assert.match(first.page, /value="hint@example.com"/);
      assert.equal(first.landing.href, `${server.baseUrl}/post?tab=1`);
      const firstCheck = await loginCheck(server, first.jar);

      const second = await signIn(
        server.baseUrl,
        { email: 'HINT@example.com', name: '바뀐이름' },
        { next: '//evil.example/' },
      );
      assert.equal(second.landing.href, `${server.baseUrl}/`, 'an unsafe next is ignored');
      const secondCheck = await loginCheck(server, second.jar);
      assert.equal(secondCheck.id, firstCheck.id, 'same issuer + sub is the same member');
      assert.equal(secondCheck.name, '바뀐이름');

      // A blank name keeps the existing member's name.
      const third = await signIn(server.baseUrl, { email: 'hint@example.com' });
      assert.equal((await loginCheck(server, third.jar)).name, '바뀐이름');
    });

    it('lands a demo e-mail on the seeded demo member', async () => {
      await seedDemo(server.database, `${server.baseUrl}/oauth2/dev`);
      const demo = DEMO_MEMBERS[0];
      const { jar } = await signIn(server.baseUrl, { email: demo.email });
      const check = await loginCheck(server, jar);
      if (server.database.kind === 'pglite') assert.equal(check.name, demo.name);
      else assert.equal(check.name, demo.email.split('@')[0], 'no demo seed on PostgreSQL');
    });

    it('re-renders the page with an error for a malformed e-mail', async () => {
      const jar = new CookieJar();
      const start = new URL('/oauth2/authorization/google', server.baseUrl);
      let response = await request(jar, start);
      let url = location(response, start);
      response = await request(jar, url);
      url = location(response, url);
      response = await request(jar, url, {
        method: 'POST',
        body: new URLSearchParams({ email: 'not-an-email', name: '<b>x</b>' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(response.status, 400);
      const html = await response.text();
      assert.match(html, /role="alert"/);
      assert.match(html, /&lt;b&gt;x&lt;\/b&gt;/);
      assertPagePolicy(response, html);
    });

    it('serves the sign-in page under its own policy: its style sheet by hash, no script', async () => {
      const jar = new CookieJar();
      const start = new URL('/oauth2/authorization/google', server.baseUrl);
      let response = await request(jar, start);
      // oidc-provider's own answers (here its redirect to the page) carry the policy too.
      const providerUrl = location(response, start);
      response = await request(jar, providerUrl);
      assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'none'/);
      response = await request(jar, location(response, providerUrl));
      assert.equal(response.status, 200);
      assertPagePolicy(response, await response.text());
    });

    it('sends a callback without a pending request back to the login page', async () => {
      const jar = new CookieJar();
      const response = await request(
        jar,
        `${server.baseUrl}/login/oauth2/code/google?code=abc&state=xyz`,
      );
      assert.equal(response.status, 302);
      assert.equal(response.headers.get('location'), `${server.baseUrl}/login?error=signin`);
      assert.equal(jar.get('access_token'), undefined);
    });
  });
}
