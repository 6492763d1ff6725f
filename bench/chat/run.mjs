// Chat fan-out benchmark: N SockJS/STOMP clients in one room, each publishing a few messages;
// p50/p99 publish→delivery latency over all receivers and messages, and messages lost.
// In-process (one backend on PGlite) and, when Redis and PostgreSQL are reachable, two backends
// sharing PostgreSQL and fanning out through Redis. Budget: p99 ≤ 50 ms at 200, nothing lost.
// Usage: node bench/chat/run.mjs   (env: REDIS_URL / TEST_REDIS_URL,
// BENCH_DATABASE_URL / TEST_DATABASE_URL, BENCH_SIZES=50,200, BENCH_MESSAGES=3, BENCH_RATE=50,
// BENCH_LIBRARY_EVERY=10, BENCH_TRANSPORT=native,sockjs)
//
// Each size runs on both transports, one after the other: native (STOMP straight over
// /chat/websocket) and SockJS. Beside the end-to-end figures each row has the server's own
// fan-out time, read from the backends' chat_fanout_seconds histogram (a SEND reaching the server
// to its MESSAGE written to the room's last subscriber there, storing it included; a bucket's
// upper bound, so "at most"), and the CPU seconds each side used.
//
// Then the unread fan-out of issue 16 (unread.mjs): 200 members in 20 rooms with their live
// streams open, 1,000 messages; p99 from a message to each other member's updated unread count
// (budget ≤ 100 ms), nothing lost, and every count equal to the backend's.
//
// Then the abuse section of issue 23 (abuse.mjs): the 200-member room on two backends, one as is
// and one where one more member's connection sends 10,000 SUBSCRIBEs in one SockJS message and
// then stops reading, in alternating rounds; the others' p99 and each backend's peak RSS side by
// side (budget ≤ 1.2× each). BENCH_ABUSE_SUBSCRIPTIONS=0 leaves it out, BENCH_ABUSE_ROUNDS=4.
//
// Every BENCH_LIBRARY_EVERY-th member is the app's own client stack (@stomp/stompjs over
// sockjs-client); the others use a lean SockJS/STOMP client (lean-client.mjs), because 200 sets
// of those libraries in this one process would cost more CPU than the server and measure the
// harness rather than the chat (BENCH_LIBRARY_EVERY=1 runs every member on the libraries).
import { readFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';

import { Client } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import WebSocket from 'ws';

import {
  api,
  ensureBuilt,
  fmt,
  METRICS_TOKEN,
  percentile,
  pool,
  printTable,
  runBench,
  signIn,
  sleep,
  startBackend,
  stopBackend,
  withDatabase,
} from '../lib/backend.mjs';
import {
  ABUSE_BUDGET_RATIO,
  ABUSE_ROUNDS,
  ABUSE_SUBSCRIPTIONS,
  connectAbuser,
  errorSummary,
  samplePeakRss,
} from './abuse.mjs';
import { connectLeanClient } from './lean-client.mjs';
import {
  prepareRooms,
  runUnread,
  UNREAD_BUDGET_P99_MS,
  UNREAD_MEMBERS,
  UNREAD_MESSAGES,
  UNREAD_ROOMS,
} from './unread.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '50,200').split(',').map(Number);
/** The lean clients' transport: `native` (/chat/websocket) or `sockjs` (the default). */
/** The STOMP subprotocols stompjs offers, as the app's native socket does. */
const STOMP_PROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];
/** Both transports by default, each run beside the other: native (/chat/websocket) and sockjs. */
const TRANSPORTS = (process.env.BENCH_TRANSPORT ?? 'native,sockjs').split(',');
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 3);
/** Publishes per second into the room (all clients together); sends are spread at random. */
const RATE = Number(process.env.BENCH_RATE ?? 50);
/** A delivery later than this after the last publish counts as lost. */
const GRACE_MS = 5000;
const BUDGET_P99_MS = 50;
const BUDGET_SIZE = 200;
/** Every n-th member runs @stomp/stompjs + sockjs-client; the rest the lean client. */
const LIBRARY_EVERY = Math.max(1, Number(process.env.BENCH_LIBRARY_EVERY ?? 10));
const DEADLINE_MS = 400_000;
const started = Date.now();

const memberName = (i) => `벤치${i}`;

/** Signs `count` members in and puts them in one club; returns cookies and the room id. */
async function prepareRoom(baseUrl, count, tag) {
  const cookies = await pool(
    Array.from({ length: count }, (_, i) => i),
    8,
    (i) => signIn(baseUrl, `bench${i}-${tag}@everyhealth.test`, memberName(i)),
  );
  const form = {
    title: `벤치 ${tag}`,
    content: '부하 측정',
    location: 'loopback',
    schedule: '지금',
    highlight: 'p99',
  };
  await api(baseUrl, cookies[0], 'POST', '/api/club', form);
  const [club] = await api(baseUrl, cookies[0], 'GET', '/api/clubs?isMyClubs=1');
  await pool(cookies.slice(1), 8, (cookie) =>
    api(baseUrl, cookie, 'POST', `/api/club/${club.id}/join`),
  );
  return { cookies, roomId: club.chatRoomId };
}

function connectLibraryClient(baseUrl, cookie, roomId, onMessage, via = 'sockjs') {
  return new Promise((resolve, reject) => {
    const client = new Client({
      // As the app does: stompjs over a native WebSocket at /chat/websocket, or over SockJS.
      webSocketFactory: () =>
        via === 'native'
          ? new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/chat/websocket`, STOMP_PROTOCOLS, {
              headers: { cookie },
              perMessageDeflate: false,
            })
          : new SockJS(`${baseUrl}/chat`, null, {
              transports: ['websocket'],
              transportOptions: { websocket: { headers: { cookie } } },
            }),
      reconnectDelay: 0,
      heartbeatIncoming: 4000,
      heartbeatOutgoing: 4000,
      debug: () => undefined,
    });
    client.onConnect = () => {
      client.watchForReceipt('sub', () => resolve(client));
      client.subscribe(`/topic/public/rooms/${roomId}`, onMessage, { receipt: 'sub' });
    };
    client.onStompError = (frame) => reject(new Error(frame.headers.message));
    client.onWebSocketClose = () => reject(new Error('closed'));
    client.activate();
  });
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * The backends' `chat_fanout_seconds` histogram (a SEND's way through the server: stored, then
 * written to the room's last subscriber there), its cumulative bucket counts summed over
 * `baseUrls`, as a Map of upper bound (ms) to count.
 */
async function fanoutBuckets(baseUrls) {
  const buckets = new Map();
  for (const baseUrl of baseUrls) {
    const response = await fetch(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await response.text();
    for (const match of text.matchAll(/^chat_fanout_seconds_bucket\{le="([^"]+)"\} (\d+)/gm)) {
      const bound = match[1] === '+Inf' ? Infinity : Number(match[1]) * 1000;
      buckets.set(bound, (buckets.get(bound) ?? 0) + Number(match[2]));
    }
  }
  return buckets;
}

function bucketsSince(after, before) {
  return new Map([...after].map(([bound, count]) => [bound, count - (before.get(bound) ?? 0)]));
}

/** The upper bound (ms) of the bucket holding quantile `q`: the server's figure is "at most". */
function bucketQuantile(buckets, q) {
  const bounds = [...buckets.keys()].sort((a, b) => a - b);
  const total = buckets.get(Infinity) ?? 0;
  if (total === 0) return NaN;
  return bounds.find((bound) => buckets.get(bound) >= q * total) ?? Infinity;
}

/**
 * One run: `size` clients (spread over `baseUrls`), each publishing MESSAGES messages.
 * `beforeSends` runs once every client is connected, before the first publish (the abuse run
 * connects its abuser there); the backends' peak RSS is sampled from then to the end.
 */
async function runRoom(
  mode,
  baseUrls,
  prepared,
  size,
  pids,
  { beforeSends, transport = TRANSPORTS[0] } = {},
) {
  const cookies = prepared.cookies.slice(0, size);
  const sentAt = new Map();
  const latencies = [];
  const libraryLatencies = [];
  const seen = new Set();
  let duplicates = 0;
  const clients = await pool(cookies, 16, (cookie, i) => {
    const library = i % LIBRARY_EVERY === 0;
    const connect = library ? connectLibraryClient : connectLeanClient;
    return connect(
      baseUrls[i % baseUrls.length],
      cookie,
      prepared.roomId,
      (frame) => {
        const now = performance.now();
        const text = JSON.parse(frame.body).body.message;
        const at = sentAt.get(text);
        if (at === undefined) return; // an earlier run's message
        const key = `${i}|${text}`;
        if (seen.has(key)) duplicates += 1;
        else {
          seen.add(key);
          latencies.push(now - at);
          if (library) libraryLatencies.push(now - at);
        }
      },
      transport,
    );
  });
  // Pace the publishes: every client sends MESSAGES messages, RATE per second in the room.
  const total = size * MESSAGES;
  const window = Math.max(1000, (total / RATE) * 1000);
  const sends = [];
  for (let c = 0; c < size; c += 1) {
    for (let m = 0; m < MESSAGES; m += 1) sends.push({ c, m, at: Math.random() * window });
  }
  sends.sort((a, b) => a.at - b.at);
  const stopRss = samplePeakRss(pids);
  await beforeSends?.();
  const fanout0 = await fanoutBuckets(baseUrls);
  const serverCpu0 = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const clientCpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const send of sends) {
    const wait = t0 + send.at - performance.now();
    if (wait > 1) await sleep(wait);
    const text = `${mode}-${size}-${send.c}-${send.m}`;
    sentAt.set(text, performance.now());
    clients[send.c].publish({
      destination: `/app/chat/rooms/${prepared.roomId}/send`,
      body: JSON.stringify(text),
    });
  }
  const expected = total * size;
  const until = performance.now() + GRACE_MS;
  while (seen.size < expected && performance.now() < until) await sleep(20);
  const serverCpu = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - serverCpu0;
  const peakRss = stopRss();
  const clientUsage = process.cpuUsage(clientCpu0);
  const wall = (performance.now() - t0) / 1000;
  const fanout = bucketsSince(await fanoutBuckets(baseUrls), fanout0);
  await Promise.all(clients.map((client) => client.deactivate().catch(() => undefined)));
  latencies.sort((a, b) => a - b);
  libraryLatencies.sort((a, b) => a - b);
  return {
    mode: `${mode} ${transport}`,
    size,
    messages: total,
    fanoutP50: bucketQuantile(fanout, 0.5),
    fanoutP99: bucketQuantile(fanout, 0.99),
    deliveries: seen.size,
    lost: expected - seen.size,
    duplicates,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    libraryClients: Math.ceil(size / LIBRARY_EVERY),
    libraryP99: percentile(libraryLatencies, 99),
    wall,
    serverCpu,
    clientCpu: (clientUsage.user + clientUsage.system) / 1e6,
    peakRss,
  };
}

/**
 * The abuse section: BUDGET_SIZE members chat in one room on each of two fresh backends, one
 * calm and one where, in every round, an abuser (one more member of the room, abuse.mjs) connects
 * first. The rounds alternate between the two, so that a busy machine's drift falls on both; per
 * backend: the median of the rounds' p99 (each over every delivery of the round) and the peak RSS.
 */
async function runAbuse() {
  const calm = await startBackend('abuse-calm', {});
  const abused = await startBackend('abuse', {});
  try {
    const calmRoom = await prepareRoom(calm.baseUrl, BUDGET_SIZE, 'calm');
    const abusedRoom = await prepareRoom(abused.baseUrl, BUDGET_SIZE + 1, 'abuse');
    const runs = { calm: [], abused: [] };
    const calmRun = async () =>
      runs.calm.push(
        await runRoom('without', [calm.baseUrl], calmRoom, BUDGET_SIZE, [calm.child.pid]),
      );
    const abusedRun = async () => {
      let abuser = null;
      const result = await runRoom(
        'with abuser',
        [abused.baseUrl],
        abusedRoom,
        BUDGET_SIZE,
        [abused.child.pid],
        {
          beforeSends: async () => {
            abuser = await connectAbuser(
              abused.baseUrl,
              abusedRoom.cookies[BUDGET_SIZE],
              abusedRoom.roomId,
              ABUSE_SUBSCRIPTIONS,
            );
          },
        },
      );
      runs.abused.push({ ...result, abuser: await abuser.finish() });
    };
    // Which goes first alternates too: a run right after the other's teardown is not always one.
    for (let round = 0; round < ABUSE_ROUNDS; round += 1) {
      const order = round % 2 === 0 ? [calmRun, abusedRun] : [abusedRun, calmRun];
      for (const run of order) await run();
    }
    return runs;
  } finally {
    await stopBackend(abused);
    await stopBackend(calm);
  }
}

function redisReachable(url) {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = netConnect({ host: hostname, port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

async function main() {
  ensureBuilt();
  const results = [];
  const unread = [];
  const notes = [];
  const largest = Math.max(...SIZES, UNREAD_MEMBERS);
  const unreadRun = async (mode, baseUrls, prepared, tag) => {
    const cookies = prepared.cookies.slice(0, UNREAD_MEMBERS);
    const rooms = await prepareRooms(baseUrls[0], cookies, tag);
    const names = cookies.map((_, i) => memberName(i));
    unread.push(await runUnread(mode, baseUrls, cookies, names, rooms));
  };

  const single = await startBackend('in-process', {});
  try {
    const prepared = await prepareRoom(single.baseUrl, largest, 'local');
    for (const size of SIZES) {
      for (const transport of TRANSPORTS) {
        results.push(
          await runRoom('in-process', [single.baseUrl], prepared, size, [single.child.pid], {
            transport,
          }),
        );
      }
    }
    await unreadRun('in-process', [single.baseUrl], prepared, 'local');
  } finally {
    await stopBackend(single);
  }

  const abuse = ABUSE_SUBSCRIPTIONS > 0 ? await runAbuse() : null;

  const redisUrl = process.env.REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!(await redisReachable(redisUrl))) {
    notes.push(`redis: skipped (${redisUrl} not reachable)`);
  } else if (!databaseUrl) {
    notes.push('redis: skipped (two instances need a shared PostgreSQL: set TEST_DATABASE_URL)');
  } else {
    await withDatabase(databaseUrl, async (url) => {
      const a = await startBackend('redis-a', { REDIS_URL: redisUrl, DATABASE_URL: url });
      const b = await startBackend('redis-b', { REDIS_URL: redisUrl, DATABASE_URL: url });
      try {
        const prepared = await prepareRoom(a.baseUrl, largest, 'redis');
        for (const size of SIZES) {
          for (const transport of TRANSPORTS) {
            results.push(
              await runRoom(
                'redis ×2',
                [a.baseUrl, b.baseUrl],
                prepared,
                size,
                [a.child.pid, b.child.pid],
                { transport },
              ),
            );
          }
        }
        await unreadRun('redis ×2', [a.baseUrl, b.baseUrl], prepared, 'redis');
      } finally {
        await stopBackend(b);
        await stopBackend(a);
      }
    });
  }

  console.log(
    `\nchat fan-out: ${MESSAGES} messages per client, ${RATE} publishes/s in the room; ` +
      `lost = not delivered ${GRACE_MS / 1000} s after the last publish; ` +
      `budget p99 ≤ ${BUDGET_P99_MS} ms at ${BUDGET_SIZE}, nothing lost`,
  );
  const rows = [
    [
      'mode',
      'clients',
      'messages',
      'deliveries',
      'lost',
      'dup',
      'p50 ms',
      'p99 ms',
      'max ms',
      'server p50 ≤',
      'server p99 ≤',
      'stompjs p99',
      'wall s',
      'server cpu s',
      'client cpu s',
      'verdict',
    ],
    ...results.map((r) => [
      r.mode,
      String(r.size),
      String(r.messages),
      String(r.deliveries),
      String(r.lost),
      String(r.duplicates),
      fmt(r.p50),
      fmt(r.p99),
      fmt(r.max),
      fmt(r.fanoutP50),
      fmt(r.fanoutP99),
      `${fmt(r.libraryP99)} (${r.libraryClients})`,
      fmt(r.wall),
      fmt(r.serverCpu),
      fmt(r.clientCpu),
      r.lost > 0 || r.duplicates > 0
        ? 'MISS'
        : r.size >= BUDGET_SIZE
          ? r.p99 <= BUDGET_P99_MS
            ? 'PASS'
            : 'MISS'
          : 'ok',
    ]),
  ];
  printTable(rows);
  console.log(
    `p50/p99 over every delivery; "stompjs p99" over the deliveries to the members on ` +
      `@stomp/stompjs + sockjs-client (how many in brackets), which count in p50/p99 too`,
  );

  console.log(
    `\nunread fan-out: ${UNREAD_MEMBERS} members in ${UNREAD_ROOMS} rooms, live streams open, ` +
      `${UNREAD_MESSAGES} messages; latency = publish → a member's stream counted it; ` +
      `budget p99 ≤ ${UNREAD_BUDGET_P99_MS} ms, nothing lost, every count equal to the backend's`,
  );
  printTable([
    [
      'mode',
      'members',
      'rooms',
      'messages',
      'count updates',
      'lost',
      'dup',
      'p50 ms',
      'p99 ms',
      'all counted p99 ms',
      'wrong live',
      'wrong backend',
      'wall s',
      'verdict',
    ],
    ...unread.map((r) => [
      r.mode,
      String(r.members),
      String(r.rooms),
      String(r.messages),
      String(r.updates),
      String(r.lost),
      String(r.duplicates),
      fmt(r.p50),
      fmt(r.p99),
      fmt(r.lastP99),
      String(r.wrongLive),
      String(r.wrongBackend),
      fmt(r.wall),
      r.lost === 0 &&
      r.duplicates === 0 &&
      r.wrongLive === 0 &&
      r.wrongBackend === 0 &&
      r.p99 <= UNREAD_BUDGET_P99_MS
        ? 'PASS'
        : 'MISS',
    ]),
  ]);
  if (abuse) {
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const summary = (runs) => ({
      p99: median(runs.map((r) => r.p99)),
      peakRss: Math.max(...runs.map((r) => r.peakRss)),
      lost: runs.reduce((sum, r) => sum + r.lost, 0),
    });
    const calm = summary(abuse.calm);
    const abused = summary(abuse.abused);
    const p99Ratio = abused.p99 / calm.p99;
    const rssRatio = abused.peakRss / calm.peakRss;
    console.log(
      `\nchat abuse: ${BUDGET_SIZE} members chat in one room (${MESSAGES} messages each, ` +
        `${RATE} publishes/s), in-process, ${ABUSE_ROUNDS} rounds on each of two fresh backends, ` +
        `alternating; "with abuser": first one more member's connection sends ` +
        `${ABUSE_SUBSCRIPTIONS} SUBSCRIBEs to the room in one SockJS message, then stops ` +
        `reading; budget: the others' p99 (median of the rounds) and the backend's peak RSS ` +
        `≤ ${ABUSE_BUDGET_RATIO}× the run without`,
    );
    const rounds = abuse.calm.flatMap((r, i) =>
      i % 2 === 0 ? [r, abuse.abused[i]] : [abuse.abused[i], r],
    );
    printTable([
      ['run', 'deliveries', 'lost', 'p50 ms', 'p99 ms', 'max ms', 'peak RSS MB', 'abuser got'],
      ...rounds.map((r) => [
        r.mode,
        String(r.deliveries),
        String(r.lost),
        fmt(r.p50),
        fmt(r.p99),
        fmt(r.max),
        fmt(r.peakRss / 1024 / 1024),
        r.abuser
          ? `ERRORs: ${errorSummary(r.abuser.errors)}; closed: ${r.abuser.closed ?? 'no'}`
          : '—',
      ]),
    ]);
    const verdict = (ratio) => (ratio <= ABUSE_BUDGET_RATIO ? 'PASS' : 'MISS');
    console.log(
      `with/without: p99 ${fmt(abused.p99)} / ${fmt(calm.p99)} ms = ${fmt(p99Ratio, 2)}× ` +
        `(${verdict(p99Ratio)}); peak RSS ${fmt(abused.peakRss / 1024 / 1024)} / ` +
        `${fmt(calm.peakRss / 1024 / 1024)} MB = ${fmt(rssRatio, 2)}× (${verdict(rssRatio)}); ` +
        `lost ${abused.lost} (${abused.lost === 0 ? 'PASS' : 'MISS'})`,
    );
  }
  for (const note of notes) console.log(note);
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

runBench(main, { name: 'bench', deadlineMs: DEADLINE_MS });
