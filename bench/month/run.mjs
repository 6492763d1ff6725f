// Month-view benchmark: a member with three years of daily workout logs (most days logged, several
// exercises with sets each, among other members logging the same days); the home calendar's month
// request, GET /api/today/yearAndMonth/{year}/{month}, timed sequentially over real HTTP for every
// month of the three years after a warm-up, with a signed member cookie. On PGlite and, when
// BENCH_DATABASE_URL / TEST_DATABASE_URL answers, on PostgreSQL. Also, for information, the day
// log the home page loads for a chosen date (GET /api/today/date/{date}). And the gym loop's reads
// (issue 14): the previous sessions of a day of 8 exercises, one exercise's full history with its
// records, the week summary, and (for information) a day's record badges.
// Budgets (issue 14): month p50 ≤ 5 ms, each gym-loop read p50 ≤ 10 ms, at the backend.
// Usage: node bench/month/run.mjs   (env: BENCH_REQUESTS=1000, BENCH_OTHER_MEMBERS=5,
// BENCH_DATABASE_URL / TEST_DATABASE_URL)
import {
  backendModules,
  fmt,
  printTable,
  random,
  runSeededBench,
  summarize,
  timedGet,
} from '../lib/backend.mjs';

const YEARS = 3;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const DAY_REQUESTS = Math.max(50, Math.round(REQUESTS / 5));
const WARMUP = 100;
/** Members logging the same days besides the measured one (their rows share the tables). */
const OTHER_MEMBERS = Number(process.env.BENCH_OTHER_MEMBERS ?? 5);
/** Share of days with a log, and of logged days ticked as completed. */
const LOGGED_SHARE = 0.8;
const COMPLETED_SHARE = 0.85;
const BUDGET_P50_MS = 5;
const GYM_BUDGET_P50_MS = 10;
/** Exercises of the day whose previous sessions are read. */
const PREVIOUS_DAY_EXERCISES = 8;
const DEADLINE_MS = 110_000;

const EXERCISES = [
  ['벤치프레스', 'CHEST', 60],
  ['인클라인 덤벨프레스', 'CHEST', 22],
  ['데드리프트', 'BACK', 100],
  ['바벨로우', 'BACK', 60],
  ['랫풀다운', 'BACK', 50],
  ['오버헤드프레스', 'SHOULDER', 40],
  ['사이드 레터럴 레이즈', 'SHOULDER', 8],
  ['바벨컬', 'BICEPS', 30],
  ['케이블 푸시다운', 'TRICEPS', 25],
  ['스쿼트', 'LOWERBODY', 90],
  ['레그프레스', 'LOWERBODY', 150],
  ['플랭크', 'ABS', 0],
];

const pad = (n, width = 2) => String(n).padStart(width, '0');
const dateKey = (d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Today's [year, month (0-based), day] in Seoul. */
function seoulYearMonthDay() {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' })
    .format(new Date())
    .split('-')
    .map(Number);
  return [year, month - 1, day];
}

/** The 36 whole months before the current one (Seoul time), oldest first. */
function logMonths() {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number);
  const months = [];
  for (let i = YEARS * 12; i >= 1; i -= 1) {
    const d = new Date(Date.UTC(year, month - 1 - i, 1));
    months.push({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 });
  }
  return months;
}

function datesOf(months) {
  const first = months[0];
  const last = months[months.length - 1];
  const dates = [];
  const end = Date.UTC(last.year, last.month, 1);
  for (let t = Date.UTC(first.year, first.month - 1, 1); t < end; t += 86_400_000) {
    dates.push(dateKey(new Date(t)));
  }
  return dates;
}

/**
 * Members, their exercise libraries, then the days in date order (every member's days of two weeks
 * together, as they would accrue), through the backend's seed builders. Returns the measured
 * member, the expected month contents and totals.
 */
async function seed(db) {
  const { builders } = await backendModules();
  const rand = random(20240101);
  const months = logMonths();
  const dates = datesOf(months);
  const members = await builders.insertMembers(
    db,
    Array.from({ length: 1 + OTHER_MEMBERS }, (_, i) =>
      builders.buildMember({
        email: `bench-month-${i}@everyhealth.test`,
        name: i === 0 ? '벤치 회원' : `벤치 회원 ${i}`,
      }),
    ),
  );
  const libraries = [];
  for (const member of members) {
    libraries.push(
      await builders.insertExercises(
        db,
        EXERCISES.map(([name, classification, weight]) =>
          builders.buildExercise({
            memberId: member.id,
            name,
            classification,
            sets: [
              { reps: 12, weight: weight * 0.8 },
              { reps: 10, weight },
              { reps: 8, weight: weight * 1.1 },
            ],
          }),
        ),
      ),
    );
  }

  const expected = new Map(); // 'YYYY-MM' → [{ localDate, checkBox }] of the measured member
  const measuredDays = [];
  let days = 0;
  let entries = 0;
  let sets = 0;
  const BATCH_DAYS = 14;
  for (let start = 0; start < dates.length; start += BATCH_DAYS) {
    const batch = [];
    for (const date of dates.slice(start, start + BATCH_DAYS)) {
      for (const [m, member] of members.entries()) {
        if (rand() >= LOGGED_SHARE) continue;
        const library = libraries[m];
        const picked = [...library].sort(() => rand() - 0.5).slice(0, 3 + Math.floor(rand() * 4));
        const dayEntries = picked.map((exercise, index) =>
          builders.entryOf(
            exercise,
            index + 1,
            Array.from({ length: 3 + Math.floor(rand() * 3) }, () => ({
              reps: 6 + Math.floor(rand() * 8),
              weight: Math.round(exercise.sets[1].weight * (0.8 + rand() * 0.4)),
            })),
          ),
        );
        const checkBox = rand() < COMPLETED_SHARE ? 'True' : 'False';
        batch.push(
          builders.buildDay({
            memberId: member.id,
            localDate: date,
            checkBox,
            entries: dayEntries,
          }),
        );
        days += 1;
        entries += dayEntries.length;
        sets += dayEntries.reduce((sum, entry) => sum + entry.sets.length, 0);
        if (m === 0) {
          const key = date.slice(0, 7);
          if (!expected.has(key)) expected.set(key, []);
          expected.get(key).push({ localDate: date, checkBox });
          measuredDays.push(date);
        }
      }
    }
    await builders.insertDays(db, batch);
  }

  // Today (after the three years): a day of 8 exercises, the day whose previous sessions are read.
  const today = dateKey(new Date(Date.UTC(...seoulYearMonthDay())));
  await builders.insertDays(db, [
    builders.buildDay({
      memberId: members[0].id,
      localDate: today,
      entries: libraries[0]
        .slice(0, PREVIOUS_DAY_EXERCISES)
        .map((exercise, index) => builders.entryOf(exercise, index + 1)),
    }),
  ]);
  return {
    member: members[0],
    months,
    expected,
    measuredDays,
    days,
    entries,
    sets,
    today,
    historyExercise: libraries[0][0],
  };
}

const monthPath = ({ year, month }) => `/api/today/yearAndMonth/${year}/${month}`;

/** On a backend seeded by `seed`: the month requests, the day log and the HTTP floor. */
async function measure({ kind, baseUrl, cookie, seeded }) {
  const rand = random(7);

  // Warm-up, and a check that every month answers exactly the seeded days.
  for (const month of seeded.months) {
    const { body } = await timedGet(baseUrl, cookie, monthPath(month));
    const want = seeded.expected.get(`${month.year}-${pad(month.month)}`) ?? [];
    if (JSON.stringify(body) !== JSON.stringify(want)) {
      throw new Error(
        `${kind}: ${monthPath(month)} answered ${body.length} days, not ${want.length}`,
      );
    }
  }
  for (let i = 0; i < WARMUP; i += 1) {
    await timedGet(baseUrl, cookie, monthPath(seeded.months[i % seeded.months.length]));
  }

  // Sequential month requests: every month once per round, in a new random order each round.
  // Between them, for information, the HTTP floor: GET /healthz (no cookie check, no query).
  const monthSamples = [];
  const floorSamples = [];
  let order = [];
  while (monthSamples.length < REQUESTS) {
    if (order.length === 0) order = [...seeded.months].sort(() => rand() - 0.5);
    monthSamples.push((await timedGet(baseUrl, cookie, monthPath(order.pop()))).ms);
    if (monthSamples.length % 4 === 0) {
      floorSamples.push((await timedGet(baseUrl, '', '/healthz')).ms);
    }
  }

  // For information: the day log of a chosen date (the panel under the calendar).
  const daySamples = [];
  for (let i = 0; i < DAY_REQUESTS + 20; i += 1) {
    const date = seeded.measuredDays[Math.floor(rand() * seeded.measuredDays.length)];
    const { ms } = await timedGet(baseUrl, cookie, `/api/today/date/${date}`);
    if (i >= 20) daySamples.push(ms);
  }
  // The gym loop's reads, each checked once, then timed in turns.
  const previous = await timedGet(baseUrl, cookie, `/api/today/date/${seeded.today}/previous`);
  if (previous.body.length !== PREVIOUS_DAY_EXERCISES) {
    throw new Error(`${kind}: previous sessions of ${previous.body.length} exercises, not 8`);
  }
  const historyPath = `/api/exercise/${seeded.historyExercise.id}/history?range=all`;
  const history = await timedGet(baseUrl, cookie, historyPath);
  if (history.body.sessions.length < 100 || !history.body.records.weight) {
    throw new Error(`${kind}: history of ${history.body.sessions.length} sessions`);
  }
  const gym = { previous: [], history: [], week: [], records: [] };
  for (let i = 0; i < DAY_REQUESTS + 20; i += 1) {
    const date = seeded.measuredDays[Math.floor(rand() * seeded.measuredDays.length)];
    const samples = [
      ['previous', `/api/today/date/${seeded.today}/previous`],
      ['history', historyPath],
      ['week', `/api/today/week/${date}`],
      ['records', `/api/today/date/${date}/records`],
    ];
    for (const [name, path] of samples) {
      const { ms } = await timedGet(baseUrl, cookie, path);
      if (i >= 20) gym[name].push(ms);
    }
  }
  return {
    month: summarize(monthSamples),
    day: summarize(daySamples),
    floor: summarize(floorSamples),
    previous: summarize(gym.previous),
    history: summarize(gym.history),
    week: summarize(gym.week),
    records: summarize(gym.records),
    historySessions: history.body.sessions.length,
  };
}

/** The table and verdicts of the results per database. */
function report(results) {
  const { seeded } = results[0];
  const measured = seeded.expected;
  const ownDays = [...measured.values()].reduce((sum, list) => sum + list.length, 0);
  console.log(
    `\nmonth view: GET /api/today/yearAndMonth/{year}/{month} of a member with ${YEARS} years of ` +
      `logs (${ownDays} days over ${seeded.months.length} months; with ${OTHER_MEMBERS} other ` +
      `members ${seeded.days} days, ${seeded.entries} exercises, ${seeded.sets} sets in all); ` +
      `sequential HTTP requests with a signed cookie after ${WARMUP + seeded.months.length} ` +
      `warm-up requests; budget p50 ≤ ${BUDGET_P50_MS} ms`,
  );
  const rows = [
    ['db', 'request', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'seed s', 'verdict'],
  ];
  const row = (kind, request, timings, seedSeconds = '', verdict = '') => [
    kind,
    request,
    String(timings.count),
    fmt(timings.p50, 2),
    fmt(timings.p95, 2),
    fmt(timings.p99, 2),
    fmt(timings.max, 2),
    seedSeconds,
    verdict,
  ];
  for (const r of results) {
    const verdict = r.month.p50 <= BUDGET_P50_MS ? 'PASS' : 'MISS';
    const gymVerdict = (timings) => (timings.p50 <= GYM_BUDGET_P50_MS ? 'PASS' : 'MISS');
    rows.push(
      row(r.kind, 'month', r.month, fmt(r.seedSeconds), verdict),
      row(r.kind, 'day log (info)', r.day),
      row(
        r.kind,
        `previous (${PREVIOUS_DAY_EXERCISES} ex.)`,
        r.previous,
        '',
        gymVerdict(r.previous),
      ),
      row(r.kind, `history (${r.historySessions} sess.)`, r.history, '', gymVerdict(r.history)),
      row(r.kind, 'week summary', r.week, '', gymVerdict(r.week)),
      row(r.kind, 'day records (info)', r.records),
      row(r.kind, 'GET /healthz (info)', r.floor),
    );
  }
  printTable(rows);
  for (const r of results) {
    console.log(
      `${r.kind}: ${r.month.p50 <= BUDGET_P50_MS ? 'PASS' : 'MISS'} month view p50 ` +
        `${fmt(r.month.p50, 2)} ms (budget ≤ ${BUDGET_P50_MS} ms); gym loop p50 previous ` +
        `${fmt(r.previous.p50, 2)}, history ${fmt(r.history.p50, 2)}, week ${fmt(r.week.p50, 2)} ms ` +
        `(budget ≤ ${GYM_BUDGET_P50_MS} ms each) ` +
        ([r.previous, r.history, r.week].every((t) => t.p50 <= GYM_BUDGET_P50_MS)
          ? 'PASS'
          : 'MISS'),
    );
  }
}

runSeededBench('month', { seed, measure, report, deadlineMs: DEADLINE_MS });
