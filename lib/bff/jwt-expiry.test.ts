/** @jest-environment node */
import { isAccessTokenFresh, jwtExpiry } from './jwt-expiry';
import { accessJwt, makeJwt } from './test-utils';

describe('jwt-expiry', () => {
  it('reads exp without verifying the signature', () => {
    expect(jwtExpiry(makeJwt({ exp: 1234 }))).toBe(1234);
    expect(jwtExpiry('garbage')).toBeNull();
    expect(jwtExpiry('a.%%%.c')).toBeNull();
    expect(jwtExpiry(makeJwt({ sub: 'x' }))).toBeNull();
  });

  it('treats tokens within the skew as expired', () => {
    expect(isAccessTokenFresh(accessJwt(600))).toBe(true);
    expect(isAccessTokenFresh(accessJwt(5))).toBe(false);
    expect(isAccessTokenFresh(accessJwt(-60))).toBe(false);
    expect(isAccessTokenFresh(undefined)).toBe(false);
    expect(isAccessTokenFresh('not-a-jwt')).toBe(false);
  });
});
