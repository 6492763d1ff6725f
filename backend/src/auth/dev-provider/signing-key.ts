import { createECDH } from 'node:crypto';

import { deriveKey } from '../keys';

/**
 * The dev provider's ID-token signing key: a P-256 key derived from the JWT secret, so it needs no
 * storage and survives restarts (sessions mid-flow keep verifying).
 */
export function devSigningJwk(jwtKey: Buffer): {
  kty: 'EC';
  crv: 'P-256';
  d: string;
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
} {
  const d = deriveKey(jwtKey, 'dev-oidc-signing-key', 32);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const publicKey = ecdh.getPublicKey(); // 0x04 || x || y
  const x = publicKey.subarray(1, 33).toString('base64url');
  const y = publicKey.subarray(33, 65).toString('base64url');
  return {
    kty: 'EC',
    crv: 'P-256',
    d: d.toString('base64url'),
    x,
    y,
    kid: `dev-${x.slice(0, 8)}`,
    alg: 'ES256',
    use: 'sig',
  };
}
