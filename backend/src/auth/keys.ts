import { hkdfSync } from 'node:crypto';

/** Purposes of the keys derived from the JWT secret; each label gives an independent key. */
export type KeyPurpose =
  | 'refresh-successor'
  | 'auth-request-cookie'
  | 'dev-oidc-cookies'
  | 'dev-oidc-client-secret'
  | 'dev-oidc-signing-key';

/** Derives a key from the JWT secret with HKDF-SHA256. */
export function deriveKey(secret: Buffer, purpose: KeyPurpose, length = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'everyhealth', purpose, length));
}
