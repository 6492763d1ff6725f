import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

const MIN_BYTES = 64;

/**
 * Key bytes of a JWT_SECRET: like the original backend, a base64 value is decoded; a value that is
 * not base64 of ≥ 64 bytes is used as UTF-8 text. Either way the key must be ≥ 64 bytes (HS512).
 */
export function secretBytes(secret: string): Buffer {
  const trimmed = secret.trim();
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) {
    const decoded = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (decoded.length >= MIN_BYTES) return decoded;
  }
  const raw = Buffer.from(trimmed, 'utf8');
  if (raw.length >= MIN_BYTES) return raw;
  throw new Error(
    `JWT_SECRET must be at least ${MIN_BYTES} bytes (or base64 of at least ${MIN_BYTES} bytes) for HS512`,
  );
}

/**
 * The configured JWT secret, or one generated once and kept in DATA_DIR/secrets.json so sessions
 * survive restarts of a development install.
 */
export function resolveJwtSecret(
  configured: string | undefined,
  dataDir: string,
  log: FastifyBaseLogger,
): Buffer {
  if (configured) return secretBytes(configured);
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret?: string };
    if (stored.jwtSecret) return secretBytes(stored.jwtSecret);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = randomBytes(MIN_BYTES).toString('base64');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ jwtSecret: generated }, null, 2) + '\n', { mode: 0o600 });
  log.warn(
    { file },
    'JWT_SECRET is not set: generated one and stored it in DATA_DIR; set JWT_SECRET in production',
  );
  return secretBytes(generated);
}
