// Unread fan-out (issue 16): MEMBERS members in ROOMS rooms (one club each, MEMBERS / ROOMS
// members per club), every member's live stream (GET /api/events) open, TOTAL messages sent over
// STOMP at RATE per second, each by a member of its room. Each bench member keeps its unread
// counts from the stream exactly as the app does (features/clubs/chat/use-rooms-summary.ts: a `chat` event
// of someone else's message counts one); measured is the time from a message's publish to every
// other member of its room having counted it, and whether every count then matches the backend's
// GET /api/rooms/summary. Budget: p99 ≤ 100 ms, nothing lost, every count right.
import { api, percentile, pool, sleep } from '../lib/backend.mjs';
import { connectLeanClient } from './lean-client.mjs';

export const UNREAD_MEMBERS = Number(process.env.BENCH_UNREAD_MEMBERS ?? 200);
export const UNREAD_ROOMS = Number(process.env.BENCH_UNREAD_ROOMS ?? 20);
export const UNREAD_MESSAGES = Number(process.env.BENCH_UNREAD_MESSAGES ?? 1000);
const RATE = Number(process.env.BENCH_UNREAD_RATE ?? 100);
/** Members of each room that send (over their own STOMP connection). */
const SENDERS_PER_ROOM = 2;
const GRACE_MS = 5000;
export const UNREAD_BUDGET_P99_MS = 100;

/** Puts `cookies` (already signed in) into ROOMS clubs; returns each room's id and member indexes. */
export async function prepareRooms(baseUrl, cookies, tag) {
  const perRoom = Math.floor(cookies.length / UNREAD_ROOMS);
  const rooms = [];
  for (let r = 0; r < UNREAD_ROOMS; r += 1) {
    const members = Array.from({ length: perRoom }, (_, i) => r * perRoom + i);
    const owner = cookies[members[0]];
    await api(baseUrl, owner, 'POST', '/api/club', {
      title: `안읽음 ${tag} ${r}`,
      content: '안 읽은 메시지 측정',
      location: 'loopback',
      schedule: '지금',
      highlight: 'p99',
    });
    const mine = await api(baseUrl, owner, 'GET', '/api/clubs?isMyClubs=1');
    const club = mine.find((candidate) => candidate.title === `안읽음 ${tag} ${r}`);
    await pool(members.slice(1), 8, (i) =>
      api(baseUrl, cookies[i], 'POST', `/api/club/${club.id}/join`),
    );
    rooms.push({ roomId: club.chatRoomId, members });
  }
  return rooms;
}

/**
 * One member's live stream: parses SSE frames and counts, per room, the `chat` events of other
 * members' messages; `onCount(text)` is told each counted message.
 */
async function openStream(baseUrl, cookie, memberName, onCount) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`GET /api/events: ${response.status}`);
  const counts = new Map();
  let ready;
  const opened = new Promise((resolve) => (ready = resolve));
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.includes('event: ready')) ready();
          if (!frame.startsWith('event: chat\n')) continue;
          const now = performance.now();
          const event = JSON.parse(frame.slice(frame.indexOf('data: ') + 6));
          if (event.lastMessage.senderName === memberName) continue;
          counts.set(event.roomId, (counts.get(event.roomId) ?? 0) + 1);
          onCount(event.lastMessage.message, now);
        }
      }
    } catch {
      // closed
    }
  })();
  await opened;
  return { counts, close: () => (controller.abort(), reading) };
}

/**
 * One run: streams spread over `baseUrls` (member i on baseUrls[i % n]), senders likewise.
 * `names[i]` is member i's display name (the stream tells own messages by the sender's name).
 */
export async function runUnread(mode, baseUrls, cookies, names, rooms) {
  const sentAt = new Map();
  const expectedReceivers = new Map();
  const latencies = [];
  let lost = 0;
  let duplicates = 0;
  const counted = new Map(); // text → receivers that counted it so far
  const done = new Map(); // text → time every receiver had counted it
  const streams = await pool(cookies, 16, (cookie, i) =>
    openStream(baseUrls[i % baseUrls.length], cookie, names[i], (text, now) => {
      const at = sentAt.get(text);
      if (at === undefined) return;
      const seen = counted.get(text) ?? new Set();
      if (seen.has(i)) duplicates += 1;
      seen.add(i);
      counted.set(text, seen);
      latencies.push(now - at);
      if (seen.size === expectedReceivers.get(text)) done.set(text, now - at);
    }),
  );
  const senders = [];
  for (const room of rooms) {
    for (let s = 0; s < SENDERS_PER_ROOM; s += 1) {
      const member = room.members[s];
      senders.push({
        room,
        member,
        client: await connectLeanClient(
          baseUrls[member % baseUrls.length],
          cookies[member],
          room.roomId,
          () => undefined,
        ),
      });
    }
  }
  const t0 = performance.now();
  for (let m = 0; m < UNREAD_MESSAGES; m += 1) {
    const wait = t0 + (m * 1000) / RATE - performance.now();
    if (wait > 1) await sleep(wait);
    const sender = senders[m % senders.length];
    const text = `${mode}-안읽음-${m}`;
    expectedReceivers.set(text, sender.room.members.length - 1);
    sentAt.set(text, performance.now());
    sender.client.publish({
      destination: `/app/chat/rooms/${sender.room.roomId}/send`,
      body: JSON.stringify(text),
    });
  }
  const until = performance.now() + GRACE_MS;
  while (done.size < UNREAD_MESSAGES && performance.now() < until) await sleep(20);
  const wall = (performance.now() - t0) / 1000;
  await Promise.all(senders.map(({ client }) => client.deactivate().catch(() => undefined)));

  // What each member counted live, against what the backend says.
  let wrongLive = 0;
  let wrongBackend = 0;
  await pool(cookies, 16, async (cookie, i) => {
    const summary = await api(
      baseUrls[(i + 1) % baseUrls.length],
      cookie,
      'GET',
      '/api/rooms/summary',
    );
    const room = rooms.find((candidate) => candidate.members.includes(i));
    const sentByOthers = senders
      .filter((sender) => sender.room === room && sender.member !== i)
      .reduce((sum, sender) => sum + messagesSentBy(senders.indexOf(sender), senders.length), 0);
    const live = streams[i].counts.get(room.roomId) ?? 0;
    const backend = summary.rooms.find((row) => row.roomId === room.roomId)?.unreadCount;
    if (live !== sentByOthers) wrongLive += 1;
    if (backend !== sentByOthers) wrongBackend += 1;
  });
  await Promise.all(streams.map((stream) => stream.close()));
  for (const [text, receivers] of expectedReceivers) {
    lost += receivers - (counted.get(text)?.size ?? 0);
  }
  const perMessage = [...done.values()].sort((a, b) => a - b);
  latencies.sort((a, b) => a - b);
  return {
    mode,
    members: cookies.length,
    rooms: rooms.length,
    messages: UNREAD_MESSAGES,
    updates: latencies.length,
    lost,
    duplicates,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    lastP99: percentile(perMessage, 99),
    wrongLive,
    wrongBackend,
    wall,
  };
}

/** Messages sender number `s` (of `senders`) sent: message m goes to sender m % senders. */
function messagesSentBy(s, senders) {
  return Math.floor(UNREAD_MESSAGES / senders) + (s < UNREAD_MESSAGES % senders ? 1 : 0);
}
