/**
 * @jest-environment node
 */
import { getPublicConfig, getServerConfig } from '@/lib/config';

/** An environment with only `vars` set (NODE_ENV is all ProcessEnv insists on). */
const env = (vars: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  NODE_ENV: 'production',
  ...vars,
});

describe('UPLOAD_BODY_LIMIT_BYTES', () => {
  it('is off unless set: photos go up as chosen', () => {
    expect(getPublicConfig(env()).uploadBodyLimitBytes).toBeNull();
    expect(getPublicConfig(env({ UPLOAD_BODY_LIMIT_BYTES: '  ' })).uploadBodyLimitBytes).toBeNull();
  });

  it('reaches the browser as a number of bytes', () => {
    expect(getPublicConfig(env({ UPLOAD_BODY_LIMIT_BYTES: '4000000' })).uploadBodyLimitBytes).toBe(
      4_000_000,
    );
  });

  it.each(['4.5MB', '4000', '-1', '4000000.5'])('refuses %s with the setting named', (value) => {
    expect(() => getServerConfig(env({ UPLOAD_BODY_LIMIT_BYTES: value }))).toThrow(
      /UPLOAD_BODY_LIMIT_BYTES/,
    );
  });
});
