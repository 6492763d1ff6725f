import 'server-only';
import { cache } from 'react';
import { CLASSIFICATIONS_KEY, EXERCISES_KEY } from '@/lib/api/keys';
import {
  classificationMapSchema,
  exerciseListSchema,
  type ClassificationMap,
  type Exercise,
} from '@/lib/contract/exercise';
import { readBackend } from '../server-client';

/** GET /api/member/exercises: the caller's exercise library. */
export const fetchExercises = cache((): Promise<Exercise[]> =>
  readBackend(EXERCISES_KEY, exerciseListSchema),
);

/** GET /api/enum/classification: the label → name map of body parts. */
export const fetchClassifications = cache((): Promise<ClassificationMap> =>
  readBackend(CLASSIFICATIONS_KEY, classificationMapSchema),
);
