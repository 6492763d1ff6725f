import { sql } from 'drizzle-orm';

import type { Database, Db } from '../db/client';
import { members } from '../db/schema';
import type { ImageStorage } from '../storage/image-storage';
import { buildMember, insertMembers } from './builders';
import { seedDemoClubs } from './demo-clubs';
import { DEMO_MEMBERS } from './demo-members';
import { seedDemoSocial } from './demo-social';
import { seedDemoWorkouts } from './demo-workouts';

/**
 * Seeds the demo members (with their exercises, routines, two months of day logs, friendships and,
 * given an image storage, posts with images and comments) into an empty embedded database, keyed
 * to the dev issuer so that signing in through the development provider with their e-mail lands on
 * them. Returns how many were created.
 */
export async function seedDemo(
  database: Database,
  devIssuer: string,
  now: Date = new Date(),
  images?: ImageStorage,
): Promise<number> {
  if (database.kind !== 'pglite') return 0;
  const [{ count }] = await database.db.select({ count: sql<number>`count(*)::int` }).from(members);
  if (count > 0) return 0;
  const rows = DEMO_MEMBERS.map((demo) =>
    buildMember({ issuer: devIssuer, subject: demo.email, email: demo.email, name: demo.name }),
  );
  return database.db.transaction(async (tx) => {
    const created = await insertMembers(tx as Db, rows);
    await seedDemoWorkouts(
      tx as Db,
      created.map((member) => member.id),
      now,
    );
    await seedDemoSocial(
      tx as Db,
      images,
      created.map((member) => member.id),
      now,
    );
    await seedDemoClubs(
      tx as Db,
      created.map((member) => member.id),
      now,
    );
    return created.length;
  });
}
