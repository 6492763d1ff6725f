// Chat abuse (issue 23): one member's connection sends ABUSE_SUBSCRIPTIONS SUBSCRIBE frames to its
// own room (distinct ids, all in one SockJS message) and then stops reading, while the room's
// other members chat. Compared with the same run without that connection, each on a fresh backend
// of its own (so that neither inherits the other's heap), in alternating rounds: the others' p99
// publish→delivery and the backend's peak RSS. Budget: both within 1.2× of the run without.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

import WebSocket from 'ws';

import { sleep } from '../lib/backend.mjs';

export const ABUSE_SUBSCRIPTIONS = Number(process.env.BENCH_ABUSE_SUBSCRIPTIONS ?? 10_000);
export const ABUSE_ROUNDS = Math.max(1, Number(process.env.BENCH_ABUSE_ROUNDS ?? 4));
export const ABUSE_BUDGET_RATIO = 1.2;

/** Resident set size of a process in bytes, from /proc (Linux); NaN elsewhere. */
export function rssBytes(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return Number(line.split(/\s+/)[1]) * 1024;
  } catch {
    return NaN;
  }
}

/** Samples the peak RSS of `pids` (summed) every 50 ms until `stop()`, which returns it. */
export function samplePeakRss(pids) {
  let peak = 0;
  const sample = () => {
    peak = Math.max(
      peak,
      pids.reduce((sum, pid) => sum + rssBytes(pid), 0),
    );
  };
  sample();
  const timer = setInterval(sample, 50);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

/**
 * The abuser: connects over SockJS's WebSocket transport, sends CONNECT, then one SockJS message
 * holding `count` SUBSCRIBE frames to `roomId` with distinct ids, and stops reading (its TCP socket
 * paused: what the server writes to it piles up). `finish()` reads again and resolves with what
 * came back (ERROR messages, whether the server ended the connection) within `ms`.
 */
export function connectAbuser(baseUrl, cookie, roomId, count) {
  return new Promise((resolve, reject) => {
    const server = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
    const url = `${baseUrl.replace(/^http/, 'ws')}/chat/${server}/${randomBytes(8).toString('hex')}/websocket`;
    const socket = new WebSocket(url, { headers: { cookie }, perMessageDeflate: false });
    let received = '';
    let closed = null;
    let connected = false;
    socket.on('message', (data) => {
      const text = data.toString();
      if (text === 'o') {
        socket.send(JSON.stringify(['CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\0']));
      } else if (text.startsWith('a')) {
        for (const frame of JSON.parse(text.slice(1))) {
          if (received.length < 4 * 1024 * 1024) received += frame;
          if (!connected && frame.startsWith('CONNECTED')) {
            connected = true;
            let frames = '';
            for (let i = 0; i < count; i += 1) {
              frames += `SUBSCRIBE\nid:abuse-${i}\ndestination:/topic/public/rooms/${roomId}\n\n\0`;
            }
            socket.send(JSON.stringify([frames]), () => {
              // Sent: from here on nothing is read.
              socket._socket.pause();
              resolve({ finish });
            });
          }
        }
      } else if (text.startsWith('c')) closed ??= text.slice(1);
    });
    socket.on('close', (code) => (closed ??= String(code)));
    socket.on('error', (error) => {
      if (!connected) reject(error);
    });
    async function finish(ms = 10_000) {
      socket._socket?.resume();
      const until = Date.now() + ms;
      while (closed === null && Date.now() < until) await sleep(20);
      const frames = received.split('\0').map((frame) => frame.replace(/^\n+/, ''));
      const errors = frames
        .filter((frame) => frame.startsWith('ERROR\n'))
        .map((frame) => /\nmessage:([^\n]*)/.exec(frame)?.[1] ?? '?');
      if (closed === null) socket.terminate();
      return { errors, closed };
    }
  });
}

/** "19× already subscribed…, 1× too many messages": the ERROR messages the abuser got, counted. */
export function errorSummary(errors) {
  const counts = new Map();
  for (const message of errors) counts.set(message, (counts.get(message) ?? 0) + 1);
  return [...counts].map(([message, n]) => `${n}× ${message}`).join(', ') || 'none';
}
