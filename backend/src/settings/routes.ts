import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import {
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
};

export async function trainingSettings(db: Db, memberId: number): Promise<TrainingSettings> {
  const [row] = await db.select(columns).from(members).where(eq(members.id, memberId));
  if (!row) throw notFound();
  return { ...row, weightUnit: row.weightUnit as TrainingSettings['weightUnit'] };
}

async function updateTrainingSettings(
  db: Db,
  memberId: number,
  update: TrainingSettingsUpdate,
): Promise<TrainingSettings> {
  const changes = Object.fromEntries(
    Object.entries(update).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(changes).length > 0) {
    await db.update(members).set(changes).where(eq(members.id, memberId));
  }
  return trainingSettings(db, memberId);
}

/** The member's own training settings (units, auto 완료, rest): an addition to the wire. */
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
