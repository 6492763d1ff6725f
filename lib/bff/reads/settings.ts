import 'server-only';
import { cache } from 'react';
import { TRAINING_SETTINGS_KEY } from '@/lib/api/keys';
import { trainingSettingsSchema, type TrainingSettings } from '@/lib/contract/training';
import { readBackendOrNull } from '../server-client';

/**
 * GET /api/member/settings as the member behind this request, once per request; null where the
 * backend has no such endpoint (the original Spring backend: kg and the defaults apply).
 */
export const trainingSettings = cache((): Promise<TrainingSettings | null> =>
  readBackendOrNull(TRAINING_SETTINGS_KEY, trainingSettingsSchema),
);
