import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { appListenHost } from '../../scripts/app-host.mjs';
import { isLoopbackHost, loadConfig } from '../src/config';

const GOOGLE = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };

describe('where npm start runs the app (scripts/app-host.mjs, issue 23, point 5)', () => {
  it('listens on the loopback address PUBLIC_URL names while the development sign-in runs', () => {
    assert.equal(appListenHost({}), '127.0.0.1', 'the default PUBLIC_URL is localhost');
    assert.equal(appListenHost({ PUBLIC_URL: 'http://localhost:3100' }), '127.0.0.1');
    assert.equal(appListenHost({ PUBLIC_URL: 'http://app.localhost:3000' }), '127.0.0.1');
    assert.equal(appListenHost({ PUBLIC_URL: 'http://127.0.0.2:3000/' }), '127.0.0.2');
    assert.equal(appListenHost({ PUBLIC_URL: 'http://[::1]:3000' }), '::1');
    assert.equal(
      appListenHost({ PUBLIC_URL: 'http://localhost:3000', DEV_SIGN_IN: 'true' }),
      '127.0.0.1',
    );
  });

  it("keeps Next's default (every interface) with Google sign-in or a PUBLIC_URL others reach", () => {
    assert.equal(appListenHost({ ...GOOGLE, PUBLIC_URL: 'http://localhost:3000' }), undefined);
    assert.equal(
      appListenHost({ PUBLIC_URL: 'http://192.168.0.10:3000', DEV_SIGN_IN: 'true' }),
      undefined,
    );
    assert.equal(appListenHost({ ...GOOGLE, PUBLIC_URL: 'https://health.example.com' }), undefined);
    assert.equal(appListenHost({ PUBLIC_URL: 'not a url' }), undefined);
  });

  it("decides as the backend's configuration does (devSignIn on a loopback PUBLIC_URL)", () => {
    const envs: Record<string, string>[] = [
      {},
      { PUBLIC_URL: 'http://localhost:3000' },
      { PUBLIC_URL: 'http://127.0.0.1:3100' },
      { PUBLIC_URL: 'http://[::1]:3000' },
      { PUBLIC_URL: 'http://localhost:3000', ...GOOGLE },
      { PUBLIC_URL: 'http://localhost:3000', DEV_SIGN_IN: 'true' },
      { PUBLIC_URL: 'http://localhost:3000', DEV_SIGN_IN: 'true', ...GOOGLE },
      { PUBLIC_URL: 'http://10.0.0.5:3000', DEV_SIGN_IN: 'true' },
      { PUBLIC_URL: 'https://health.example.com', ...GOOGLE },
      { PUBLIC_URL: 'https://health.example.com', DEV_SIGN_IN: 'yes' },
      { PUBLIC_URL: 'http://localhost:3000', GOOGLE_CLIENT_ID: ' ', GOOGLE_CLIENT_SECRET: '' },
    ];
    for (const env of envs) {
      const config = loadConfig(env);
      const loopbackOnly = config.devSignIn && isLoopbackHost(new URL(config.publicUrl).hostname);
      assert.equal(appListenHost(env) !== undefined, loopbackOnly, JSON.stringify(env));
    }
  });
});
