import type { ExerciseCreate, ExerciseUpdate } from '@/lib/contract/exercise';

import { api } from './client';

/** POST /api/exercise (201, a text body). */
export async function createExercise(body: ExerciseCreate): Promise<void> {
  await api.post('/api/exercise', body);
}

/** PATCH /api/exercise/{id}: sets are replaced (items with an id update that set). */
export async function updateExercise(id: number, body: ExerciseUpdate): Promise<void> {
  await api.patch(`/api/exercise/${id}`, body);
}

/** DELETE /api/exercise/{id}. */
export async function deleteExercise(id: number): Promise<void> {
  await api.delete(`/api/exercise/${id}`);
}
