import {
  classificationMapSchema,
  exerciseListSchema,
  type ClassificationMap,
  type Exercise,
  type ExerciseCreate,
  type ExerciseUpdate,
} from '@/lib/contract/exercise';
import { api, requestJson } from './client';
import { CLASSIFICATIONS_KEY, EXERCISES_KEY } from './keys';

/** GET /api/member/exercises: the caller's exercises, validated. */
export function fetchExercises(): Promise<Exercise[]> {
  return requestJson(EXERCISES_KEY, { schema: exerciseListSchema });
}

/** GET /api/enum/classification: Korean label → enum name. */
export function fetchClassifications(): Promise<ClassificationMap> {
  return requestJson(CLASSIFICATIONS_KEY, { schema: classificationMapSchema });
}

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
