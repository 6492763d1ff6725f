import { eq, sql } from 'drizzle-orm';

import type { Db } from '../db/client';
import { type Member, members } from '../db/schema';

export interface SignInIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  name: string;
  picture: string | null;
}

/**
 * Creates the member for issuer+subject, or refreshes its e-mail, name and picture; a name or
 * picture the member edited themselves (`name_edited`, `picture_edited`) is kept.
 */
export async function upsertMember(db: Db, identity: SignInIdentity): Promise<Member> {
  const [member] = await db
    .insert(members)
    .values(identity)
    .onConflictDoUpdate({
      target: [members.issuer, members.subject],
      set: {
        email: identity.email,
        name: sql`case when ${members.nameEdited} then ${members.name} else excluded.name end`,
        picture: sql`case when ${members.pictureEdited} then ${members.picture} else excluded.picture end`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return member;
}

export async function findMemberById(db: Db, id: number): Promise<Member | undefined> {
  const [member] = await db.select().from(members).where(eq(members.id, id));
  return member;
}

export async function findMemberBySubject(
  db: Db,
  issuer: string,
  subject: string,
): Promise<Member | undefined> {
  const [member] = await db
    .select()
    .from(members)
    .where(sql`${members.issuer} = ${issuer} and ${members.subject} = ${subject}`);
  return member;
}
