import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import {
  type PlateInventories,
  type TrainingSettings,
  type TrainingSettingsUpdate,
  trainingSettingsUpdateSchema,
} from '@/lib/contract/training';

import type { Db } from '../db/client';
import { members } from '../db/schema';
import { requireMember } from '../http/auth-hook';
import { notFound } from '../http/reply';

const columns = {
  weightUnit: members.weightUnit,
  autoCompleteDay: members.autoCompleteDay,
  restSeconds: members.restSeconds,
  plateInventory: members.plateInventory,
};

export async function trainingSettings(db: Db, memberId: number): Promise<TrainingSettings> {
  const [row] = await db.select(columns).from(members).where(eq(members.id, memberId));
  if (!row) throw notFound();
  const { plateInventory, ...rest } = row;
  return {
    ...rest,
    weightUnit: rest.weightUnit as TrainingSettings['weightUnit'],
    // Absent until set, so the original answer stays as it was for a member who never did.
    ...(plateInventory ? { plates: plateInventory } : {}),
  };
}

async function updateTrainingSettings(
  db: Db,
  memberId: number,
  update: TrainingSettingsUpdate,
): Promise<TrainingSettings> {
  const { plates, ...rest } = update;
  const changes: Partial<typeof members.$inferInsert> = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  );
  await db.transaction(async (tx) => {
    if (plates) {
      // A unit sent replaces that unit's inventory; a unit left out keeps the stored one.
      const [row] = await tx
        .select({ plateInventory: members.plateInventory })
        .from(members)
        .where(eq(members.id, memberId))
        .for('update');
      const merged: PlateInventories = { ...row?.plateInventory };
      if (plates.kg) merged.kg = plates.kg;
      if (plates.lb) merged.lb = plates.lb;
      changes.plateInventory = merged;
    }
    if (Object.keys(changes).length > 0) {
      await tx.update(members).set(changes).where(eq(members.id, memberId));
    }
  });
  return trainingSettings(db, memberId);
}

/** The member's own training settings (units, auto 완료, rest, bar and plates): an addition to the wire. */
export async function settingsRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  app.get('/api/member/settings', async (request) =>
    trainingSettings(db, requireMember(request).id),
  );

  app.patch('/api/member/settings', async (request) => {
    const member = requireMember(request);
    const update = trainingSettingsUpdateSchema.parse(request.body ?? {});
    return updateTrainingSettings(db, member.id, update);
  });
}
