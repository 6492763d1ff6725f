import 'server-only';
import { cache } from 'react';
import { ROUTINES_KEY } from '@/lib/api/keys';
import { routineListSchema, type Routine } from '@/lib/contract/routine';
import { readBackend } from '../server-client';

/** GET /api/member/routines: the caller's routines with their exercises and sets. */
export const fetchRoutines = cache((): Promise<Routine[]> =>
  readBackend(ROUTINES_KEY, routineListSchema),
);
