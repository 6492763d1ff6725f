import assert from 'node:assert/strict';

import { CookieJar, location, request } from './http';

export interface SignInResult {
  jar: CookieJar;
  landing: URL;
  /** HTML of the dev sign-in page as first shown. */
  page: string;
}

/**
 * Signs in through the development identity provider with real HTTP: start → provider → our
 * interaction page → form POST → provider → callback → landing page with session cookies.
 */
export async function signIn(
  baseUrl: string,
  form: { email: string; name?: string },
  options: { loginHint?: string; next?: string; jar?: CookieJar } = {},
): Promise<SignInResult> {
  const jar = options.jar ?? new CookieJar();
  const start = new URL('/oauth2/authorization/google', baseUrl);
  if (options.loginHint) start.searchParams.set('login_hint', options.loginHint);
  if (options.next) start.searchParams.set('next', options.next);

  let response = await request(jar, start);
  assert.equal(response.status, 302);
  let url = location(response, start);
  assert.equal(url.pathname, '/oauth2/dev/auth');

  response = await request(jar, url);
  assert.equal(response.status, 303, await response.clone().text());
  const interactionUrl = location(response, url);
  assert.match(interactionUrl.pathname, /^\/oauth2\/dev\/interaction\/[\w-]+$/);

  response = await request(jar, interactionUrl);
  assert.equal(response.status, 200);
  const page = await response.text();

  response = await request(jar, interactionUrl, {
    method: 'POST',
    body: new URLSearchParams({ email: form.email, name: form.name ?? '' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assert.equal(response.status, 303, await response.clone().text());
  url = location(response, interactionUrl);

  response = await request(jar, url);
  assert.equal(response.status, 303, await response.clone().text());
  url = location(response, url);
  assert.equal(url.pathname, '/login/oauth2/code/google');

  response = await request(jar, url);
  assert.equal(response.status, 302);
  return { jar, landing: location(response, url), page };
}
