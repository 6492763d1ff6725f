import type { Db } from '../db/client';
import { type Member, members, type NewMember } from '../db/schema';

let sequence = 0;

/** A member row with sensible defaults; every field can be overridden. */
export function buildMember(overrides: Partial<NewMember> = {}): NewMember {
  sequence += 1;
  const email = overrides.email ?? `member${sequence}@everyhealth.test`;
  return {
    issuer: 'https://issuer.everyhealth.test',
    subject: email.toLowerCase(),
    email,
    name: `회원${sequence}`,
    picture: null,
    ...overrides,
  };
}

/** Inserts built members and returns the stored rows. */
export async function insertMembers(db: Db, rows: NewMember[]): Promise<Member[]> {
  if (rows.length === 0) return [];
  return db.insert(members).values(rows).returning();
}

export * from './club-builders';
export * from './social-builders';
export * from './workout-builders';
