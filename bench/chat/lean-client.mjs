// A lean SockJS + STOMP 1.2 client for bench/chat: the SockJS WebSocket transport
// (`/chat/{server}/{session}/websocket`, frames `o`, `h`, `a[...]`, `c[...]`) and the few STOMP
// frames a chat member uses (CONNECT, SUBSCRIBE with a receipt, SEND, MESSAGE, heart-beats).
//
// Why not @stomp/stompjs + sockjs-client for every simulated member: in the browser each member
// has a machine of their own, but here 200 members share the benchmark's one process and the same
// 2 cores as the server. The libraries cost about as much CPU per received message as the server
// spends delivering it, so their queue would dominate the latency figure. This client does the
// protocol work and little else; the benchmark still runs some real library clients alongside
// (run.mjs) and reports their latency separately.
import { randomBytes } from 'node:crypto';

import WebSocket from 'ws';

const HEART_BEAT_MS = 4000;

/** One STOMP frame as text (STOMP 1.2; header values here never need escaping). */
function stompFrame(command, headers, body = '') {
  let text = `${command}\n`;
  for (const [name, value] of Object.entries(headers)) text += `${name}:${value}\n`;
  return `${text}\n${body}\0`;
}

/** Splits a STOMP frame into command, headers and body. */
function parseFrame(text) {
  const headerEnd = text.indexOf('\n\n');
  const head = headerEnd < 0 ? text : text.slice(0, headerEnd);
  const lines = head.split('\n');
  const headers = {};
  for (let i = 1; i < lines.length; i += 1) {
    const colon = lines[i].indexOf(':');
    if (colon > 0 && !(lines[i].slice(0, colon) in headers)) {
      headers[lines[i].slice(0, colon)] = lines[i].slice(colon + 1);
    }
  }
  return { command: lines[0], headers, body: headerEnd < 0 ? '' : text.slice(headerEnd + 2) };
}

/**
 * Connects, subscribes to the room and resolves once the subscription's RECEIPT arrives, with
 * `{ publish({destination, body}), deactivate() }` (the subset of @stomp/stompjs's Client the
 * benchmark uses). `onMessage({ body })` gets every MESSAGE frame.
 */
export function connectLeanClient(baseUrl, cookie, roomId, onMessage, via = 'sockjs') {
  return new Promise((resolve, reject) => {
    const native = via === 'native';
    const server = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
    const session = randomBytes(8).toString('hex');
    // Native: STOMP straight over the WebSocket at /chat/websocket (no SockJS framing).
    const url = native
      ? `${baseUrl.replace(/^http/, 'ws')}/chat/websocket`
      : `${baseUrl.replace(/^http/, 'ws')}/chat/${server}/${session}/websocket`;
    const socket = new WebSocket(url, { headers: { cookie }, perMessageDeflate: false });
    let pending = ''; // STOMP bytes received but not yet a whole frame
    let ready = false;
    let beat;

    const send = (frame) => socket.send(native ? frame : JSON.stringify([frame]));
    const connectFrame = () => {
      send(
        stompFrame('CONNECT', {
          'accept-version': '1.2',
          host: new URL(baseUrl).host,
          'heart-beat': `${HEART_BEAT_MS},${HEART_BEAT_MS}`,
        }),
      );
      beat = setInterval(() => send('\n'), HEART_BEAT_MS);
      beat.unref();
    };
    /** STOMP text as it arrived: whole frames are handed on, the rest waits for more. */
    const onStomp = (chunk) => {
      pending += chunk;
      let end;
      while ((end = pending.indexOf('\0')) >= 0) {
        const raw = pending.slice(0, end).replace(/^\n+/, ''); // heart-beat EOLs
        pending = pending.slice(end + 1);
        if (raw) onFrame(parseFrame(raw));
      }
      if (/^\n+$/.test(pending)) pending = '';
    };
    if (native) socket.on('open', connectFrame);
    const client = {
      publish({ destination, body }) {
        send(
          stompFrame(
            'SEND',
            {
              destination,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
            body,
          ),
        );
      },
      deactivate() {
        clearInterval(beat);
        if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
        return new Promise((done) => {
          socket.once('close', () => done());
          socket.close(1000);
        });
      },
    };

    const fail = (error) => {
      clearInterval(beat);
      if (!ready) reject(error);
    };

    const onFrame = (frame) => {
      switch (frame.command) {
        case 'MESSAGE':
          onMessage(frame);
          break;
        case 'CONNECTED':
          send(
            stompFrame('SUBSCRIBE', {
              id: 'sub-0',
              destination: `/topic/public/rooms/${roomId}`,
              receipt: 'sub',
            }),
          );
          break;
        case 'RECEIPT':
          if (frame.headers['receipt-id'] === 'sub' && !ready) {
            ready = true;
            resolve(client);
          }
          break;
        case 'ERROR':
          fail(new Error(frame.headers.message ?? 'STOMP ERROR'));
          socket.close();
          break;
        default:
          break;
      }
    };

    socket.on('message', (data) => {
      const text = data.toString();
      if (native) {
        onStomp(text);
        return;
      }
      switch (text[0]) {
        case 'o':
          connectFrame();
          break;
        case 'a':
          for (const chunk of JSON.parse(text.slice(1))) onStomp(chunk);
          break;
        case 'c':
          fail(new Error(`SockJS closed: ${text.slice(1)}`));
          break;
        default: // 'h': SockJS heart-beat
          break;
      }
    });
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('closed')));
  });
}
