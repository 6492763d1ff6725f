import {
  type RoutineCopy,
  routineCopySchema,
  type RoutineExerciseCreate,
  type RoutineSequenceUpdate,
  type RoutineSetsUpdate,
  type RoutineShare,
  routineShareSchema,
} from '@/lib/contract/routine';

import { api, requestJson } from './client';

/** POST /api/routine?name={name}: creates an empty routine. */
export async function createRoutine(name: string): Promise<void> {
  await api.post('/api/routine', undefined, { query: { name } });
}

/** DELETE /api/routine/{id}: the routine and its exercises. */
export async function deleteRoutine(routineId: number): Promise<void> {
  await api.delete(`/api/routine/${routineId}`);
}

/** POST /api/routineExercise: copies the exercises (and their sets) into the routine. */
export async function addRoutineExercises(body: RoutineExerciseCreate): Promise<void> {
  await api.post('/api/routineExercise', body);
}

/** DELETE /api/routineExercise/{id}. */
export async function deleteRoutineExercise(routineExerciseId: number): Promise<void> {
  await api.delete(`/api/routineExercise/${routineExerciseId}`);
}

/** PATCH /api/routineExercise/updateSequence/{routineId}: sequences are stored verbatim. */
export async function updateRoutineSequence(
  routineId: number,
  body: RoutineSequenceUpdate,
): Promise<void> {
  await api.patch(`/api/routineExercise/updateSequence/${routineId}`, body);
}

/** PATCH /api/routineExercise/update/{routineId}: each listed exercise's sets are replaced. */
export async function updateRoutineSets(routineId: number, body: RoutineSetsUpdate): Promise<void> {
  await api.patch(`/api/routineExercise/update/${routineId}`, body);
}

/** POST /api/routine/{id}/share: the routine's share link, the active one or a new one. */
export function shareRoutine(routineId: number): Promise<RoutineShare> {
  return requestJson(`/api/routine/${routineId}/share`, {
    method: 'POST',
    schema: routineShareSchema,
  });
}

/** DELETE /api/routine/{id}/share: the link stops working. */
export async function revokeRoutineShare(routineId: number): Promise<void> {
  await api.delete(`/api/routine/${routineId}/share`);
}

/** POST /api/shared-routine/{token}/copy: a copy of the shared routine in the member's routines. */
export function copySharedRoutine(token: string): Promise<RoutineCopy> {
  return requestJson(`/api/shared-routine/${encodeURIComponent(token)}/copy`, {
    method: 'POST',
    schema: routineCopySchema,
  });
}
