import {
  type LoggedSet,
  personalRecords,
  RECORD_KINDS,
  recordBreakers,
  sameWeight,
  WEIGHT_TOLERANCE_KG,
} from './records';
import { KG_PER_LB } from './units';

/** Sets of one date from `[reps, weight]` pairs, numbered from `firstId`. */
function day(date: string, pairs: [reps: number, weight: number][], firstId = 1): LoggedSet[] {
  return pairs.map(([reps, weight], index) => ({ date, setId: firstId + index, reps, weight }));
}

describe('sameWeight', () => {
  it('treats float noise from pound entries as the same weight', () => {
    expect(sameWeight(135 * KG_PER_LB, 61.23496995)).toBe(true);
    expect(sameWeight(100, 100 + WEIGHT_TOLERANCE_KG / 2)).toBe(true);
    expect(sameWeight(100, 100.001)).toBe(false);
    expect(sameWeight(100, 102.5)).toBe(false);
  });
});

describe('personalRecords', () => {
  it('gives no records without sets', () => {
    expect(personalRecords([])).toEqual({
      weight: null,
      oneRepMax: null,
      setVolume: null,
      sessionVolume: null,
      repsAtWeight: [],
    });
  });

  it('finds each best with the day it was reached', () => {
    const sets = [
      ...day('2026-03-02', [
        [5, 100],
        [5, 100],
        [3, 110],
      ]),
      ...day(
        '2026-03-05',
        [
          [12, 80],
          [10, 80],
          [1, 120],
        ],
        10,
      ),
      ...day('2026-03-09', [[8, 90]], 20),
    ];
    const records = personalRecords(sets);
    expect(records.weight).toEqual({ weight: 120, reps: 1, date: '2026-03-05' });
    // 80 × 12 → 112; 110 × 3 → 121; 120 × 1 → 120; 90 × 8 → 114.
    expect(records.oneRepMax).toEqual({
      oneRepMax: expect.closeTo(121, 9),
      weight: 110,
      reps: 3,
      date: '2026-03-02',
    });
    expect(records.setVolume).toEqual({ volume: 960, weight: 80, reps: 12, date: '2026-03-05' });
    // 2026-03-02: 500 + 500 + 330 = 1330; 2026-03-05: 960 + 800 + 120 = 1880; 2026-03-09: 720.
    expect(records.sessionVolume).toEqual({ volume: 1880, date: '2026-03-05' });
    expect(records.repsAtWeight).toEqual([
      { weight: 120, reps: 1, date: '2026-03-05' },
      { weight: 110, reps: 3, date: '2026-03-02' },
      { weight: 100, reps: 5, date: '2026-03-02' },
      { weight: 90, reps: 8, date: '2026-03-09' },
      { weight: 80, reps: 12, date: '2026-03-05' },
    ]);
  });

  it('keeps the earlier date on ties', () => {
    const sets = [
      ...day('2026-01-10', [
        [5, 100],
        [2, 93.75],
      ]),
      ...day(
        '2026-01-17',
        [
          [5, 100],
          [1, 100],
        ],
        10,
      ),
      ...day('2026-01-24', [[2, 93.75]], 20),
    ];
    const records = personalRecords(sets);
    expect(records.weight).toEqual({ weight: 100, reps: 5, date: '2026-01-10' });
    expect(records.oneRepMax?.date).toBe('2026-01-10');
    expect(records.oneRepMax?.reps).toBe(5);
    expect(records.setVolume).toEqual({ volume: 500, weight: 100, reps: 5, date: '2026-01-10' });
    // 500 + 187.5 = 687.5 on the 10th; 500 + 100 = 600 on the 17th.
    expect(records.sessionVolume).toEqual({ volume: 687.5, date: '2026-01-10' });
    expect(records.repsAtWeight).toEqual([
      { weight: 100, reps: 5, date: '2026-01-10' },
      { weight: 93.75, reps: 2, date: '2026-01-10' },
    ]);
  });

  it('treats a float-different e1RM tie as a tie (93.75 × 2 and 100 × 1)', () => {
    const records = personalRecords([
      ...day('2026-01-10', [[1, 100]]),
      ...day('2026-01-11', [[2, 93.75]], 10),
    ]);
    expect(records.oneRepMax).toEqual({ oneRepMax: 100, weight: 100, reps: 1, date: '2026-01-10' });
  });

  it('orders by date then setId, whatever the input order', () => {
    const sets: LoggedSet[] = [
      { date: '2026-02-03', setId: 9, reps: 5, weight: 100 },
      { date: '2026-02-01', setId: 30, reps: 5, weight: 100 },
      { date: '2026-02-01', setId: 4, reps: 3, weight: 100 },
    ];
    const records = personalRecords(sets);
    // The first set at 100 kg is set 4 of 2026-02-01 (3 reps); set 30 that day ups the reps.
    expect(records.weight).toEqual({ weight: 100, reps: 3, date: '2026-02-01' });
    expect(records.repsAtWeight).toEqual([{ weight: 100, reps: 5, date: '2026-02-01' }]);
    expect(sets[0].setId).toBe(9); // the input is not reordered
  });

  it('credits a lighter set with more reps with the e1RM and set volume', () => {
    const records = personalRecords([
      ...day('2026-04-01', [[1, 140]]),
      ...day('2026-04-08', [[15, 100]], 10),
    ]);
    expect(records.weight).toEqual({ weight: 140, reps: 1, date: '2026-04-01' });
    expect(records.oneRepMax).toEqual({
      oneRepMax: 150,
      weight: 100,
      reps: 15,
      date: '2026-04-08',
    });
    expect(records.setVolume?.date).toBe('2026-04-08');
  });

  it('follows the input when a day is deleted', () => {
    const kept = day('2026-05-01', [[5, 100]]);
    const deleted = day('2026-05-04', [[3, 120]], 10);
    expect(personalRecords([...kept, ...deleted]).weight).toEqual({
      weight: 120,
      reps: 3,
      date: '2026-05-04',
    });
    expect(personalRecords(kept).weight).toEqual({ weight: 100, reps: 5, date: '2026-05-01' });
    expect(personalRecords(kept).repsAtWeight).toEqual([
      { weight: 100, reps: 5, date: '2026-05-01' },
    ]);
  });

  it('groups pound entries that differ only by float noise into one weight', () => {
    const lb135 = 135 * KG_PER_LB;
    const records = personalRecords([
      ...day('2026-06-01', [[5, lb135]]),
      ...day('2026-06-02', [[6, 61.23496995]], 10),
      ...day('2026-06-03', [[6, lb135 + 1e-7]], 20),
    ]);
    expect(records.repsAtWeight).toHaveLength(1);
    expect(records.repsAtWeight[0].reps).toBe(6);
    expect(records.repsAtWeight[0].date).toBe('2026-06-02');
    expect(records.weight?.date).toBe('2026-06-01');
  });

  it('ignores sets that lifted nothing', () => {
    const records = personalRecords([
      ...day('2026-07-01', [
        [0, 200],
        [5, 100],
        [5, Number.NaN],
        [3, -10],
      ]),
    ]);
    expect(records.weight).toEqual({ weight: 100, reps: 5, date: '2026-07-01' });
    expect(records.sessionVolume).toEqual({ volume: 500, date: '2026-07-01' });
    expect(records.repsAtWeight).toEqual([{ weight: 100, reps: 5, date: '2026-07-01' }]);
  });

  it('keeps bodyweight sets (0 kg) as reps at 0 kg', () => {
    const records = personalRecords([
      ...day('2026-08-01', [
        [8, 0],
        [10, 0],
      ]),
    ]);
    expect(records.repsAtWeight).toEqual([{ weight: 0, reps: 10, date: '2026-08-01' }]);
    expect(records.weight).toEqual({ weight: 0, reps: 8, date: '2026-08-01' });
    expect(records.oneRepMax?.oneRepMax).toBe(0);
    expect(records.sessionVolume).toEqual({ volume: 0, date: '2026-08-01' });
  });
});

describe('recordBreakers', () => {
  const history = [
    ...day('2026-03-02', [
      [5, 100],
      [5, 100],
    ]),
    ...day('2026-03-05', [[8, 90]], 10),
  ];

  it('lists record kinds in a fixed order', () => {
    expect(RECORD_KINDS).toEqual([
      'weight',
      'oneRepMax',
      'setVolume',
      'sessionVolume',
      'repsAtWeight',
    ]);
  });

  it('gives nothing for an empty day', () => {
    expect(recordBreakers(history, [])).toEqual({ sets: new Map(), sessionVolume: false });
  });

  it('beats nothing in a first-ever session, however the sets rise', () => {
    const result = recordBreakers(
      [],
      day('2026-03-02', [
        [5, 60],
        [5, 80],
        [8, 80],
        [5, 100],
      ]),
    );
    expect(result.sets).toEqual(
      new Map([
        [1, []],
        [2, []],
        [3, []],
        [4, []],
      ]),
    );
    expect(result.sessionVolume).toBe(false);
  });

  it('flags a heavier set with every record it beats', () => {
    const result = recordBreakers(history, day('2026-03-09', [[7, 105]], 20));
    // 105 × 7: heavier than 100, e1RM 129.5 > 116.67, volume 735 > 720; first time at 105.
    expect(result.sets.get(20)).toEqual(['weight', 'oneRepMax', 'setVolume']);
    // 735 < 1000 of 2026-03-02.
    expect(result.sessionVolume).toBe(false);
  });

  it('flags a lighter set with more reps without a weight record', () => {
    const result = recordBreakers(history, day('2026-03-09', [[12, 90]], 20));
    // 90 × 12: e1RM 126 > 116.67, volume 1080 > 720, 12 reps > 8 at 90 kg; 90 < 100 kg.
    expect(result.sets.get(20)).toEqual(['oneRepMax', 'setVolume', 'repsAtWeight']);
    expect(result.sessionVolume).toBe(true); // 1080 > 1000
  });

  it('does not count ties as records', () => {
    const result = recordBreakers(
      history,
      day('2026-03-09', [
        [5, 100],
        [5, 100],
      ]),
    );
    expect(result.sets.get(1)).toEqual([]);
    expect(result.sets.get(2)).toEqual([]);
    expect(result.sessionVolume).toBe(false); // 1000, the same as 2026-03-02
  });

  it('runs the bests on through the day', () => {
    const result = recordBreakers(
      history,
      day(
        '2026-03-09',
        [
          [8, 102.5],
          [8, 102.5],
          [9, 102.5],
          [4, 102.5],
          [3, 105],
        ],
        20,
      ),
    );
    expect(result.sets.get(20)).toEqual(['weight', 'oneRepMax', 'setVolume']);
    // Only ties set 20.
    expect(result.sets.get(21)).toEqual([]);
    // Beats set 20, but 102.5 kg was never lifted before today: no reps record at it.
    expect(result.sets.get(22)).toEqual(['oneRepMax', 'setVolume']);
    expect(result.sets.get(23)).toEqual([]);
    // 105 × 3: heavier, but e1RM 115.5 < 133.25 of set 22 and volume 315 < 922.5.
    expect(result.sets.get(24)).toEqual(['weight']);
    // 820 + 820 + 922.5 + 410 + 315 = 3287.5 > 1000.
    expect(result.sessionVolume).toBe(true);
  });

  it('needs a set to beat prior days and the same day', () => {
    const result = recordBreakers(
      history,
      day(
        '2026-03-09',
        [
          [10, 90],
          [9, 90],
          [11, 90],
        ],
        20,
      ),
    );
    expect(result.sets.get(20)).toContain('repsAtWeight'); // 10 > 8
    expect(result.sets.get(21)).not.toContain('repsAtWeight'); // 9 > 8, but < 10 today
    expect(result.sets.get(22)).toContain('repsAtWeight'); // 11 > 10
  });

  it('orders the day by setId, not by array position', () => {
    const sets = day(
      '2026-03-09',
      [
        [5, 110],
        [5, 105],
      ],
      20,
    ).reverse();
    const result = recordBreakers(history, sets);
    // 110 × 5 first: heavier, e1RM 128.33 > 116.67 (volume 550 < 720); then 105 × 5 beats nothing.
    expect(result.sets.get(20)).toEqual(['weight', 'oneRepMax']);
    expect(result.sets.get(21)).toEqual([]);
  });

  it('counts only prior days, so the whole history can be passed as prior', () => {
    const today = day('2026-03-09', [[5, 105]], 20);
    const later = day('2026-03-12', [[5, 200]], 30);
    expect(recordBreakers([...history, ...today, ...later], today)).toEqual(
      recordBreakers(history, today),
    );
  });

  it('changes when a prior day is deleted', () => {
    const heavyDay = day('2026-03-07', [[1, 130]], 15);
    // 110 × 8: e1RM 139.33 > 130, volume 880 > 720; heavier than 100 but not than 130.
    const today = day('2026-03-09', [[8, 110]], 20);
    expect(recordBreakers([...history, ...heavyDay], today).sets.get(20)).toEqual([
      'oneRepMax',
      'setVolume',
    ]);
    expect(recordBreakers(history, today).sets.get(20)).toEqual([
      'weight',
      'oneRepMax',
      'setVolume',
    ]);
  });

  it('compares pound weights with a tolerance', () => {
    const lb135 = 135 * KG_PER_LB;
    const prior = day('2026-06-01', [[5, lb135]]);
    const same = recordBreakers(prior, day('2026-06-08', [[5, 61.23496995]], 10));
    expect(same.sets.get(10)).toEqual([]);
    const moreReps = recordBreakers(prior, day('2026-06-08', [[6, 61.23496995]], 10));
    expect(moreReps.sets.get(10)).toEqual(['oneRepMax', 'setVolume', 'repsAtWeight']);
  });

  it('does not make a record of floating-point noise', () => {
    // 90 × 3 estimates 99.00000000000001 and 3 × 20.1 is 60.300000000000004: both ties.
    const prior = [...day('2026-10-01', [[1, 99]]), ...day('2026-10-02', [[2, 30.15]], 10)];
    const noise = recordBreakers(
      prior,
      day(
        '2026-10-05',
        [
          [3, 90],
          [3, 20.1],
        ],
        20,
      ),
    );
    expect(noise.sets.get(20)).not.toContain('oneRepMax');
    expect(noise.sets.get(21)).not.toContain('setVolume');
    const session = recordBreakers(
      day('2026-10-01', [[1, 60.3]]),
      day(
        '2026-10-05',
        [
          [1, 20.1],
          [1, 20.1],
          [1, 20.1],
        ],
        20,
      ),
    );
    expect(session.sessionVolume).toBe(false);
  });

  it('gives a set that lifted nothing no records and leaves the bests alone', () => {
    const result = recordBreakers(
      history,
      day(
        '2026-03-09',
        [
          [0, 300],
          [7, 105],
        ],
        20,
      ),
    );
    expect(result.sets.get(20)).toEqual([]);
    expect(result.sets.get(21)).toEqual(['weight', 'oneRepMax', 'setVolume']);
  });

  it('counts the first added weight after bodyweight-only days as a weight record', () => {
    const prior = day('2026-09-01', [[10, 0]]);
    const result = recordBreakers(
      prior,
      day(
        '2026-09-03',
        [
          [12, 0],
          [6, 5],
        ],
        10,
      ),
    );
    expect(result.sets.get(10)).toEqual(['repsAtWeight']);
    expect(result.sets.get(11)).toEqual(['weight', 'oneRepMax', 'setVolume']);
    expect(result.sessionVolume).toBe(true);
  });
});
