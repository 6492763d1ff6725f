import type { Classification } from '@/lib/contract/exercise';

import type { Db } from '../db/client';
import {
  buildDay,
  buildExercise,
  buildRoutine,
  type DaySeed,
  entryOf,
  insertDays,
  insertExercises,
  insertRoutines,
  type SetSeed,
  type StoredExercise,
} from './workout-builders';

const CATALOGUE: Array<{
  name: string;
  classification: Classification;
  memo: string | null;
  sets: Array<[reps: number, weight: number]>;
}> = [
  {
    name: '벤치프레스',
    classification: 'CHEST',
    memo: '견갑 고정, 가슴 상부로 내리기',
    sets: [
      [12, 60],
      [10, 70],
      [8, 75],
    ],
  },
  {
    name: '랫풀다운',
    classification: 'BACK',
    memo: null,
    sets: [
      [12, 45],
      [10, 50],
      [10, 55],
    ],
  },
  {
    name: '데드리프트',
    classification: 'BACK',
    memo: '허리 중립 유지',
    sets: [
      [5, 100],
      [5, 110],
      [3, 120],
    ],
  },
  {
    name: '숄더프레스',
    classification: 'SHOULDER',
    memo: null,
    sets: [
      [10, 30],
      [10, 32.5],
      [8, 35],
    ],
  },
  {
    name: '바벨컬',
    classification: 'BICEPS',
    memo: null,
    sets: [
      [12, 25],
      [10, 27.5],
      [8, 30],
    ],
  },
  {
    name: '케이블 푸시다운',
    classification: 'TRICEPS',
    memo: '팔꿈치 고정',
    sets: [
      [15, 20],
      [12, 22.5],
      [12, 25],
    ],
  },
  {
    name: '스쿼트',
    classification: 'LOWERBODY',
    memo: '무릎은 발끝 방향으로',
    sets: [
      [8, 80],
      [8, 90],
      [6, 100],
    ],
  },
  {
    name: '크런치',
    classification: 'ABS',
    memo: null,
    sets: [
      [20, 0],
      [20, 0],
      [15, 0],
    ],
  },
];

const UPPER = ['벤치프레스', '랫풀다운', '숄더프레스', '바벨컬'];
const LOWER = ['스쿼트', '데드리프트', '크런치'];
/** Training weekdays (0 = Sunday) per demo member: about three days a week each. */
const WEEKDAYS = [
  [1, 3, 5],
  [2, 4, 6],
  [1, 4, 6],
];
const STRENGTH = [1, 0.6, 0.85];

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** `yyyy-MM-dd` of a UTC-midnight date. */
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Today's date in Asia/Seoul (UTC+9, no DST) as a UTC-midnight Date. */
export function seoulDate(now: Date): Date {
  const seoul = new Date(now.getTime() + 9 * 3600_000);
  return new Date(Date.UTC(seoul.getUTCFullYear(), seoul.getUTCMonth(), seoul.getUTCDate()));
}

function scaled(sets: Array<[number, number]>, factor: number): SetSeed[] {
  return sets.map(([reps, weight]) => ({ reps, weight: roundTo(weight * factor, 2.5) }));
}

/**
 * Exercises, two routines (상체 루틴, 하체 루틴) and about three day logs a week over the two months
 * before `now` (Asia/Seoul) for each demo member. Batch inserts: a handful of statements in all.
 */
export async function seedDemoWorkouts(db: Db, memberIds: number[], now: Date): Promise<void> {
  const exerciseSeeds = memberIds.flatMap((memberId, m) =>
    CATALOGUE.filter((_, i) => m !== 1 || i !== 2) // 이서연 has 7 exercises, the others 8
      .map((item) =>
        buildExercise({
          memberId,
          name: item.name,
          memo: item.memo,
          classification: item.classification,
          sets: scaled(item.sets, STRENGTH[m % STRENGTH.length]),
        }),
      ),
  );
  const stored = await insertExercises(db, exerciseSeeds);
  const byMember = new Map<number, Map<string, StoredExercise>>();
  for (const exercise of stored) {
    const map = byMember.get(exercise.memberId) ?? new Map<string, StoredExercise>();
    map.set(exercise.name, exercise);
    byMember.set(exercise.memberId, map);
  }
  const pick = (memberId: number, names: string[]) =>
    names.map((name) => byMember.get(memberId)!.get(name)).filter((e) => e !== undefined);

  await insertRoutines(
    db,
    memberIds.flatMap((memberId) => [
      buildRoutine({
        memberId,
        name: '상체 루틴',
        entries: pick(memberId, UPPER).map((e, i) => entryOf(e, i + 1)),
      }),
      buildRoutine({
        memberId,
        name: '하체 루틴',
        entries: pick(memberId, LOWER).map((e, i) => entryOf(e, i + 1)),
      }),
    ]),
  );

  const today = seoulDate(now);
  const days: DaySeed[] = [];
  memberIds.forEach((memberId, m) => {
    const weekdays = WEEKDAYS[m % WEEKDAYS.length];
    let session = 0;
    for (let back = 60; back >= 1; back -= 1) {
      const date = new Date(today.getTime() - back * 86400_000);
      if (!weekdays.includes(date.getUTCDay())) continue;
      session += 1;
      const upper = session % 2 === 1;
      const names = upper ? UPPER.slice(0, 2 + (session % 3)) : LOWER;
      const progress = 1 + Math.min(session, 20) * 0.005;
      days.push(
        buildDay({
          memberId,
          localDate: isoDate(date),
          checkBox: back <= 2 || session % 5 === 0 ? 'False' : 'True',
          entries: pick(memberId, names).map((e, i) =>
            entryOf(
              e,
              i + 1,
              e.sets.map((set) => ({
                reps: set.reps,
                weight: roundTo(set.weight * progress, 2.5),
              })),
            ),
          ),
        }),
      );
    }
  });
  await insertDays(db, days);
}
