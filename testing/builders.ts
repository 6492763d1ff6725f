import type { Club } from '@/lib/contract/club';

/** Wire data for the front end's tests: one builder per shape, overridden where a test cares. */

/** A club as the backend lists it (한강 러닝, chat room 7). */
export function buildClub(overrides: Partial<Club> = {}): Club {
  return {
    id: 3,
    title: '한강 러닝',
    content: '아침마다 달려요',
    location: '여의도',
    schedule: '매주 토요일 7시',
    highlight: '초보 환영',
    chatRoomId: 7,
    ...overrides,
  };
}

/** The original backend's answer to GET /api/today/date/{date} without a record: Spring's 500. */
export const ORIGINAL_DAY_500 = {
  status: 500,
  body: { timestamp: '2026-11-23T00:00:00', status: 500, error: 'Internal Server Error' },
};
