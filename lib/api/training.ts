import { setDoneResultSchema, type SetDoneResult } from '@/lib/contract/today';
import {
  dayRecordsSchema,
  previousSessionListSchema,
  trainingSettingsSchema,
  type DayRecords,
  type PreviousSession,
  type TrainingSettings,
  type TrainingSettingsUpdate,
} from '@/lib/contract/training';
import { requestJson } from './client';
import { writeHeaders, type WriteOptions } from './today';
import { dayRecordsKey, previousSessionsKey, TRAINING_SETTINGS_KEY } from './keys';

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

/** GET /api/today/date/{date}/records (or a friend's): which sets of the day set a record. */
export function fetchDayRecords(date: string, friendId?: number): Promise<DayRecords> {
  return requestJson(dayRecordsKey(date, friendId), { schema: dayRecordsSchema });
}

/** GET /api/today/date/{date}/previous: the last earlier session of each entry's exercise. */
export function fetchPreviousSessions(date: string): Promise<PreviousSession[]> {
  return requestJson(previousSessionsKey(date), { schema: previousSessionListSchema });
}

/** GET /api/member/settings. */
export function fetchTrainingSettings(): Promise<TrainingSettings> {
  return requestJson(TRAINING_SETTINGS_KEY, { schema: trainingSettingsSchema });
}

/** PATCH /api/member/settings: absent fields are kept; answers the settings as stored. */
export function updateTrainingSettings(update: TrainingSettingsUpdate): Promise<TrainingSettings> {
  return requestJson(TRAINING_SETTINGS_KEY, {
    method: 'PATCH',
    json: update,
    schema: trainingSettingsSchema,
  });
}
