import { type SetDoneResult, setDoneResultSchema } from '@/lib/contract/today';
import {
  type TrainingSettings,
  trainingSettingsSchema,
  type TrainingSettingsUpdate,
} from '@/lib/contract/training';

import { requestJson } from './client';
import { TRAINING_SETTINGS_KEY } from './keys';
import { writeHeaders, type WriteOptions } from './today';

/** PATCH /api/todayExercise/set/{setId}: ticks or unticks one set; answers the day's 완료 too. */
export function setSetDone(
  setId: number,
  done: boolean,
  options?: WriteOptions,
): Promise<SetDoneResult> {
  return requestJson(`/api/todayExercise/set/${setId}`, {
    method: 'PATCH',
    json: { done },
    headers: writeHeaders(options),
    schema: setDoneResultSchema,
  });
}

/** PATCH /api/member/settings: absent fields are kept; answers the settings as stored. */
export function updateTrainingSettings(update: TrainingSettingsUpdate): Promise<TrainingSettings> {
  return requestJson(TRAINING_SETTINGS_KEY, {
    method: 'PATCH',
    json: update,
    schema: trainingSettingsSchema,
  });
}
