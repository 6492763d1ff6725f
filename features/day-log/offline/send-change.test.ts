import { ApiError } from '@/lib/api/errors';
import { type Api, loadApi } from '@/lib/api/load';
import type { Today, TodayDate, TodayExercise } from '@/lib/contract/today';
import { messages } from '@/lib/i18n/messages';

import type { AddOp, DayOp, IdMap } from './day-ops';
import { LocalRefusal, type QueuedChange } from './outbox';
import { sendChange } from './send-change';

jest.mock('@/lib/api/load', () => ({ loadApi: jest.fn() }));

const DATE = '2026-11-25';
const KEY = 'key-1';
const OPTIONS = { idempotencyKey: KEY };

/** The server's answers to the reads sendChange makes (null: the day's 404). */
const reads = {
  fetchMonth: jest.fn<Promise<TodayDate[]>, [number, number]>(),
  fetchDay: jest.fn<Promise<Today | null>, [string]>(),
};

/** GET as the read definitions send it (lib/reads/fetch-read), answered from `reads`. */
async function requestJson(path: string): Promise<unknown> {
  const month = /^\/api\/today\/yearAndMonth\/(\d+)\/(\d+)$/.exec(path);
  if (month) return reads.fetchMonth(Number(month[1]), Number(month[2]));
  const date = /^\/api\/today\/date\/(\d{4}-\d{2}-\d{2})$/.exec(path);
  if (!date) throw new Error(`unexpected read ${path}`);
  const day = await reads.fetchDay(date[1]);
  if (day === null) throw httpError(404);
  return day;
}

const api = {
  requestJson: jest.fn(requestJson),
  createToday: jest.fn<Promise<Today | null>, [string, unknown]>(),
  addTodayExercises: jest.fn<Promise<TodayExercise[] | null>, [string, unknown, unknown]>(),
  updateTodaySets: jest.fn<Promise<TodayExercise[] | null>, [number, unknown, unknown]>(),
  updateTodaySequence: jest.fn<Promise<void>, [number, unknown, unknown]>(),
  setSetDone: jest.fn<Promise<unknown>, [number, boolean, unknown]>(),
  setTodayChecked: jest.fn<Promise<void>, [number, boolean, unknown]>(),
  deleteTodayExercise: jest.fn<Promise<void>, [number, unknown]>(),
};

const writes = [
  api.createToday,
  api.addTodayExercises,
  api.updateTodaySets,
  api.updateTodaySequence,
  api.setSetDone,
  api.setTodayChecked,
  api.deleteTodayExercise,
];

beforeEach(() => {
  for (const fn of [...Object.values(reads), ...writes]) fn.mockReset();
  jest.mocked(loadApi).mockResolvedValue(api as unknown as Api);
  reads.fetchMonth.mockResolvedValue([]);
  reads.fetchDay.mockResolvedValue(null);
  api.updateTodaySequence.mockResolvedValue(undefined);
  api.setSetDone.mockResolvedValue({ done: true, checkBox: 'False' });
  api.setTodayChecked.mockResolvedValue(undefined);
  api.deleteTodayExercise.mockResolvedValue(undefined);
});

function queued(op: DayOp, key = KEY): QueuedChange {
  return { seq: 1, state: 'sending', key, memberId: 1, op, label: '', createdAt: 0 };
}

function send(op: DayOp, ids: IdMap = new Map()) {
  return sendChange(queued(op), ids);
}

function listed(...dates: string[]): TodayDate[] {
  return dates.map((localDate) => ({ localDate, checkBox: 'False' }));
}

function entry(id: number, sequence: number | null, setIds: number[]): TodayExercise {
  return {
    id,
    exerciseName: `운동${id}`,
    sequence,
    repWeightList: setIds.map((setId) => ({ id: setId, reps: 10, weight: 20, done: false })),
  };
}

function day(id: number, entries: TodayExercise[]): Today {
  return { id, localDate: DATE, checkBox: 'False', todayExercises: entries };
}

function httpError(status: number): ApiError {
  return new ApiError({ kind: 'http', status, message: `${status}`, url: '/api', method: 'POST' });
}

/** Everything written was written with the change's key (the day create with `.day`). */
function expectEveryWriteKeyed() {
  for (const write of writes) {
    for (const call of write.mock.calls) {
      const options = call[call.length - 1];
      expect([OPTIONS, { idempotencyKey: `${KEY}.day` }]).toContainEqual(options);
    }
  }
}

afterEach(() => expectEveryWriteKeyed());

describe('add', () => {
  const items = [
    { id: 3, type: 'exercise' as const, sequence: 1 },
    { id: 4, type: 'exercise' as const, sequence: 2 },
  ];
  const addOp = (todayId: number): AddOp => ({
    kind: 'add',
    date: DATE,
    todayId,
    items,
    entries: [entry(-1, null, [-11, -12]), entry(-2, null, [-21])],
  });

  it('creates a day without a record, then adds, and maps every temporary id', async () => {
    reads.fetchMonth.mockResolvedValue(listed('2026-11-24'));
    api.createToday.mockResolvedValue(day(70, []));
    api.addTodayExercises.mockResolvedValue([entry(501, 1, [5011, 5012]), entry(502, 2, [5021])]);

    const result = await send(addOp(-100));

    expect(reads.fetchMonth).toHaveBeenCalledWith(2026, 11);
    expect(api.createToday).toHaveBeenCalledWith(DATE, { idempotencyKey: `${KEY}.day` });
    expect(api.addTodayExercises).toHaveBeenCalledWith(DATE, items, OPTIONS);
    expect(api.createToday.mock.invocationCallOrder[0]).toBeLessThan(
      api.addTodayExercises.mock.invocationCallOrder[0],
    );
    expect(new Map(result.ids)).toEqual(
      new Map([
        [-100, 70],
        [-1, 501],
        [-11, 5011],
        [-12, 5012],
        [-2, 502],
        [-21, 5021],
      ]),
    );
    expect(reads.fetchDay).not.toHaveBeenCalled();
  });

  it('adds to a listed day without creating it', async () => {
    reads.fetchMonth.mockResolvedValue(listed(DATE));
    api.addTodayExercises.mockResolvedValue([entry(501, 3, [5011, 5012]), entry(502, 4, [5021])]);
    const result = await send(addOp(70));
    expect(api.createToday).not.toHaveBeenCalled();
    expect(api.addTodayExercises).toHaveBeenCalledWith(DATE, items, OPTIONS);
    expect(new Map(result.ids)).toEqual(
      new Map([
        [-1, 501],
        [-11, 5011],
        [-12, 5012],
        [-2, 502],
        [-21, 5021],
      ]),
    );
  });

  it('leaves a shown set unmapped when the server made fewer sets', async () => {
    reads.fetchMonth.mockResolvedValue(listed(DATE));
    api.addTodayExercises.mockResolvedValue([entry(501, 1, [5011]), entry(502, 2, [5021])]);
    const result = await send(addOp(70));
    const ids = new Map(result.ids);
    expect(ids.get(-11)).toBe(5011);
    expect(ids.has(-12)).toBe(false);
  });

  it('still adds when the create answers 400 (the day appeared meanwhile)', async () => {
    api.createToday.mockRejectedValue(httpError(400));
    api.addTodayExercises.mockResolvedValue([entry(501, 1, [5011, 5012]), entry(502, 2, [5021])]);
    const result = await send(addOp(-100));
    expect(api.addTodayExercises).toHaveBeenCalledWith(DATE, items, OPTIONS);
    const ids = new Map(result.ids);
    expect(ids.get(-1)).toBe(501);
    // The day id is learnt later, by the change that needs it.
    expect(ids.has(-100)).toBe(false);
  });

  it('fails, without adding, when the create fails otherwise', async () => {
    const error = httpError(500);
    api.createToday.mockRejectedValue(error);
    await expect(send(addOp(-100))).rejects.toBe(error);
    expect(api.addTodayExercises).not.toHaveBeenCalled();
  });

  it("passes the add's own failure on", async () => {
    reads.fetchMonth.mockResolvedValue(listed(DATE));
    const error = httpError(404);
    api.addTodayExercises.mockRejectedValue(error);
    await expect(send(addOp(70))).rejects.toBe(error);
  });

  it("maps the day's last entries by sequence when the server answers text (original backend)", async () => {
    // Not listed before the create, listed when the day is read afterwards.
    reads.fetchMonth.mockResolvedValueOnce([]).mockResolvedValue(listed(DATE));
    api.createToday.mockResolvedValue(null);
    api.addTodayExercises.mockResolvedValue(null);
    reads.fetchDay.mockResolvedValue(
      day(70, [
        entry(10, 1, [101]),
        entry(13, 4, [131]),
        entry(12, 3, [121, 122]),
        entry(11, 2, [111]),
      ]),
    );

    const result = await send(addOp(-100));

    expect(reads.fetchDay).toHaveBeenCalledWith(DATE);
    expect(new Map(result.ids)).toEqual(
      new Map([
        [-100, 70],
        [-1, 12],
        [-11, 121],
        [-12, 122],
        [-2, 13],
        [-21, 131],
      ]),
    );
  });

  it('succeeds without ids when the day cannot be read after a text answer', async () => {
    reads.fetchMonth.mockResolvedValue(listed(DATE));
    api.addTodayExercises.mockResolvedValue(null);
    reads.fetchDay.mockRejectedValue(httpError(500));
    await expect(send(addOp(70))).resolves.toEqual({ ids: [] });
  });
});

describe('sets', () => {
  it('swaps temporary entry ids, sends unmapped new sets without id, and maps them by position', async () => {
    const ids: IdMap = new Map([
      [-1, 501],
      [-11, 5011],
    ]);
    api.updateTodaySets.mockResolvedValue([
      entry(501, 1, [5011, 6001]),
      entry(12, 2, [121, 6002, 6003]),
    ]);
    const result = await send(
      {
        kind: 'sets',
        date: DATE,
        todayId: 70,
        changes: [
          {
            id: -1,
            repWeightList: [
              { id: -11, reps: 5, weight: 50, done: true },
              { id: -13, reps: 6, weight: 55, done: false },
            ],
          },
          {
            id: 12,
            repWeightList: [
              { id: 121, reps: 7, weight: 60, done: false },
              { id: -14, reps: 8, weight: 65, done: false },
              { id: null, reps: 9, weight: 70 },
            ],
          },
        ],
      },
      ids,
    );

    expect(api.updateTodaySets).toHaveBeenCalledWith(
      70,
      [
        {
          id: 501,
          repWeightList: [
            { id: 5011, reps: 5, weight: 50 },
            { reps: 6, weight: 55 },
          ],
        },
        {
          id: 12,
          repWeightList: [
            { id: 121, reps: 7, weight: 60 },
            { reps: 8, weight: 65 },
            { reps: 9, weight: 70 },
          ],
        },
      ],
      OPTIONS,
    );
    const body = api.updateTodaySets.mock.calls[0][1] as Array<{
      repWeightList: Array<Record<string, unknown>>;
    }>;
    expect(body[0].repWeightList[1]).not.toHaveProperty('id');
    const pairs = new Map(result.ids);
    expect(pairs.get(-13)).toBe(6001);
    expect(pairs.get(-14)).toBe(6002);
    expect(pairs.get(-11) ?? 5011).toBe(5011);
    expect([...pairs.values()]).not.toContain(6003);
  });

  it('reads the day to name new sets when the server answers text', async () => {
    reads.fetchMonth.mockResolvedValue(listed(DATE));
    api.updateTodaySets.mockResolvedValue(null);
    reads.fetchDay.mockResolvedValue(day(70, [entry(11, 1, [111, 7001]), entry(12, 2, [121])]));
    const result = await send({
      kind: 'sets',
      date: DATE,
      todayId: 70,
      changes: [
        {
          id: 12,
          repWeightList: [{ id: 121, reps: 1, weight: 1, done: false }],
        },
        {
          id: 11,
          repWeightList: [
            { id: 111, reps: 1, weight: 1, done: false },
            { id: -5, reps: 1, weight: 1, done: false },
          ],
        },
      ],
    });
    expect(result.ids).toEqual([[-5, 7001]]);
  });

  it('does not read the day after a text answer when no set was made here', async () => {
    api.updateTodaySets.mockResolvedValue(null);
    const result = await send({
      kind: 'sets',
      date: DATE,
      todayId: 70,
      changes: [{ id: 12, repWeightList: [{ id: 121, reps: 1, weight: 1, done: false }] }],
    });
    expect(result.ids).toEqual([]);
    expect(reads.fetchMonth).not.toHaveBeenCalled();
    expect(reads.fetchDay).not.toHaveBeenCalled();
  });

  it('refuses, sending nothing, when an entry never reached the server', async () => {
    const sending = send({
      kind: 'sets',
      date: DATE,
      todayId: 70,
      changes: [{ id: -1, repWeightList: [{ id: -11, reps: 1, weight: 1, done: false }] }],
    });
    await expect(sending).rejects.toEqual(new LocalRefusal(messages.sync.dependsOnRefused));
    await expect(sending).rejects.toBeInstanceOf(LocalRefusal);
    expect(api.updateTodaySets).not.toHaveBeenCalled();
  });

  it("reads a temporary day's id and answers it", async () => {
    reads.fetchMonth.mockResolvedValue(listed(DATE));
    reads.fetchDay.mockResolvedValue(day(70, [entry(12, 1, [121])]));
    api.updateTodaySets.mockResolvedValue([entry(12, 1, [121])]);
    const result = await send({
      kind: 'sets',
      date: DATE,
      todayId: -100,
      changes: [{ id: 12, repWeightList: [{ id: 121, reps: 1, weight: 1, done: false }] }],
    });
    expect(api.updateTodaySets.mock.calls[0][0]).toBe(70);
    expect(result.ids).toEqual([[-100, 70]]);
  });
});

describe('sequence', () => {
  it('sends the order under server ids', async () => {
    const result = await send(
      {
        kind: 'sequence',
        date: DATE,
        todayId: -100,
        order: [
          { id: -1, sequence: 1 },
          { id: 12, sequence: 2 },
        ],
      },
      new Map([
        [-100, 70],
        [-1, 501],
      ]),
    );
    expect(api.updateTodaySequence).toHaveBeenCalledWith(
      70,
      [
        { id: 501, sequence: 1 },
        { id: 12, sequence: 2 },
      ],
      OPTIONS,
    );
    expect(reads.fetchMonth).not.toHaveBeenCalled();
    expect(result.ids).toEqual([]);
  });

  it('refuses when an entry never reached the server', async () => {
    await expect(
      send({ kind: 'sequence', date: DATE, todayId: 70, order: [{ id: -1, sequence: 1 }] }),
    ).rejects.toThrow(messages.sync.dependsOnRefused);
    expect(api.updateTodaySequence).not.toHaveBeenCalled();
  });
});

describe('tick', () => {
  it('ticks the set under its server id', async () => {
    await expect(
      send({ kind: 'tick', date: DATE, setId: 121, done: true, completesDay: true }),
    ).resolves.toEqual({ ids: [] });
    expect(api.setSetDone).toHaveBeenCalledWith(121, true, OPTIONS);

    await send(
      { kind: 'tick', date: DATE, setId: -11, done: false, completesDay: false },
      new Map([[-11, 5011]]),
    );
    expect(api.setSetDone).toHaveBeenLastCalledWith(5011, false, OPTIONS);
  });

  it('refuses a set that never reached the server', async () => {
    const sending = send(
      { kind: 'tick', date: DATE, setId: -11, done: true, completesDay: false },
      new Map([[-12, 5012]]),
    );
    await expect(sending).rejects.toBeInstanceOf(LocalRefusal);
    await expect(sending).rejects.toThrow(messages.sync.dependsOnRefused);
    expect(api.setSetDone).not.toHaveBeenCalled();
  });

  it("passes the server's failure on", async () => {
    const error = httpError(404);
    api.setSetDone.mockRejectedValue(error);
    await expect(
      send({ kind: 'tick', date: DATE, setId: 121, done: true, completesDay: false }),
    ).rejects.toBe(error);
  });
});

describe('check', () => {
  it('marks a known day without reading it', async () => {
    await expect(send({ kind: 'check', date: DATE, todayId: 70, checked: true })).resolves.toEqual({
      ids: [],
    });
    expect(api.setTodayChecked).toHaveBeenCalledWith(70, true, OPTIONS);
    await send({ kind: 'check', date: DATE, todayId: -100, checked: false }, new Map([[-100, 71]]));
    expect(api.setTodayChecked).toHaveBeenLastCalledWith(71, false, OPTIONS);
    expect(reads.fetchMonth).not.toHaveBeenCalled();
    expect(reads.fetchDay).not.toHaveBeenCalled();
  });

  it('reads the day to find a temporary day, and answers its id', async () => {
    reads.fetchMonth.mockResolvedValue(listed(DATE));
    reads.fetchDay.mockResolvedValue(day(70, [entry(12, 1, [])]));
    const result = await send({ kind: 'check', date: DATE, todayId: -100, checked: true });
    expect(reads.fetchMonth).toHaveBeenCalledWith(2026, 11);
    expect(reads.fetchDay).toHaveBeenCalledWith(DATE);
    expect(api.setTodayChecked).toHaveBeenCalledWith(70, true, OPTIONS);
    expect(result.ids).toEqual([[-100, 70]]);
  });

  it('refuses when the month no longer lists the day, without asking for the day', async () => {
    reads.fetchMonth.mockResolvedValue(listed('2026-11-24'));
    const sending = send({ kind: 'check', date: DATE, todayId: -100, checked: true });
    await expect(sending).rejects.toBeInstanceOf(LocalRefusal);
    await expect(sending).rejects.toThrow(messages.sync.dayGone);
    expect(reads.fetchDay).not.toHaveBeenCalled();
    expect(api.setTodayChecked).not.toHaveBeenCalled();
  });
});

describe('delete', () => {
  it('deletes the entry under its server id', async () => {
    await expect(send({ kind: 'delete', date: DATE, entryId: 12 })).resolves.toEqual({ ids: [] });
    expect(api.deleteTodayExercise).toHaveBeenCalledWith(12, OPTIONS);
    await send({ kind: 'delete', date: DATE, entryId: -1 }, new Map([[-1, 501]]));
    expect(api.deleteTodayExercise).toHaveBeenLastCalledWith(501, OPTIONS);
  });

  it('sends nothing and succeeds for an entry that never reached the server', async () => {
    await expect(send({ kind: 'delete', date: DATE, entryId: -1 })).resolves.toEqual({ ids: [] });
    expect(api.deleteTodayExercise).not.toHaveBeenCalled();
  });

  it("passes the server's failure on", async () => {
    const error = httpError(404);
    api.deleteTodayExercise.mockRejectedValue(error);
    await expect(send({ kind: 'delete', date: DATE, entryId: 12 })).rejects.toBe(error);
  });
});

it("uses each change's own key", async () => {
  await sendChange(queued({ kind: 'delete', date: DATE, entryId: 12 }, 'other-key'), new Map());
  expect(api.deleteTodayExercise).toHaveBeenCalledWith(12, { idempotencyKey: 'other-key' });
  api.deleteTodayExercise.mockClear();
});
