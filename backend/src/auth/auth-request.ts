import { z } from 'zod';

import { seal, unseal } from './sealed';

const authRequestSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  next: z.string().nullable(),
  exp: z.number(),
});
export type AuthRequest = z.infer<typeof authRequestSchema>;

const TTL_MS = 600_000;

/** Seals the pending authorization request into a cookie value (AES-256-GCM, 10 minutes). */
export function sealAuthRequest(
  key: Buffer,
  request: Omit<AuthRequest, 'exp'>,
  now = Date.now(),
): string {
  return seal(key, JSON.stringify({ ...request, exp: now + TTL_MS }));
}

/** Opens the cookie value; null when missing, tampered with or expired. */
export function openAuthRequest(
  key: Buffer,
  value: string | undefined,
  now = Date.now(),
): AuthRequest | null {
  if (!value) return null;
  const text = unseal(key, value);
  if (!text) return null;
  try {
    const parsed = authRequestSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.exp > now ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A same-origin relative path to land on after sign-in, or null (no `//`, no scheme, no `\`). */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}
