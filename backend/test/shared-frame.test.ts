import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { RoomMessage } from '../src/chat/hub';
import { SharedFrame, unsentBytes, writeShared } from '../src/chat/shared-frame';

/** Decodes one unmasked RFC 6455 frame: [fin+opcode byte, payload text]. */
function decodeFrame(bytes: Buffer): [number, string] {
  let length = bytes[1] & 0x7f;
  let offset = 2;
  if (length === 126) {
    length = bytes.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    length = Number(bytes.readBigUInt64BE(2));
    offset = 10;
  }
  assert.equal(bytes[1] & 0x80, 0, 'server frames are not masked');
  assert.equal(bytes.length, offset + length);
  return [bytes[0], bytes.subarray(offset).toString('utf8')];
}

describe('SharedFrame', () => {
  for (const size of [10, 200, 70_000]) {
    it(`frames a ${size}-character STOMP frame as one SockJS message, as sockjs would`, () => {
      const text = `MESSAGE\ndestination:/topic/public/rooms/1\n\n${'가'.repeat(size)}\u2028\0`;
      const frame = new SharedFrame(text);
      const [head, payload] = decodeFrame(frame.webSocketBytes());
      assert.equal(head, 0x81);
      assert.ok(payload.startsWith('a['));
      assert.deepEqual(JSON.parse(payload.slice(1)), [text]);
      // sockjs escapes U+2028 and controls; Korean stays as UTF-8.
      assert.ok(payload.includes('\\u2028') && payload.includes('\\u0000'));
      assert.equal(frame.webSocketBytes(), frame.webSocketBytes(), 'computed once');
    });
  }

  it('goes through conn.write unless the connection is an open, idle WebSocket session', () => {
    const frame = new SharedFrame('MESSAGE\n\nhi\0');
    const written: unknown[] = [];
    const socket = { writable: true, write: (data: Buffer) => written.push(data) > 0 };
    const open = (overrides: Record<string, unknown> = {}) => ({
      write: (text: string) => written.push(text),
      _session: {
        readyState: 1,
        send_buffer: [],
        recv: { protocol: 'websocket', ws: { readyState: 1 }, connection: socket },
        ...overrides,
      },
    });
    writeShared(open(), frame);
    assert.ok(Buffer.isBuffer(written.pop()), 'straight to the socket');
    writeShared(open({ send_buffer: ['queued'] }), frame);
    assert.equal(written.pop(), frame.text);
    writeShared(open({ recv: { protocol: 'xhr-streaming' } }), frame);
    assert.equal(written.pop(), frame.text);
    writeShared({ write: (text: string) => written.push(text) }, frame);
    assert.equal(written.pop(), frame.text);
  });
});

describe('RoomMessage', () => {
  it('encodes one frame per subscription id, with one message-id for every member', () => {
    const message = new RoomMessage('abc-1', 'destination:/topic/public/rooms/1\n\n{}\0');
    const a = message.frameFor('sub-0');
    assert.equal(message.frameFor('sub-0'), a);
    const b = message.frameFor('other');
    assert.notEqual(b, a);
    assert.match(a.text, /^MESSAGE\nsubscription:sub-0\nmessage-id:abc-1\n/);
    assert.match(b.text, /^MESSAGE\nsubscription:other\nmessage-id:abc-1\n/);
  });
});

describe('unsentBytes', () => {
  it('counts unsent bytes: the session queue as UTF-8, plus the socket or response buffer', () => {
    const session: {
      send_buffer: string[];
      recv: Record<string, { writableLength: number }> | null;
    } = { send_buffer: [], recv: null };
    const conn = { _session: session };
    assert.equal(unsentBytes(conn), 0);
    session.send_buffer.push('abc', '가나');
    assert.equal(unsentBytes(conn), 3 + 6);
    session.send_buffer.push('d');
    assert.equal(unsentBytes(conn), 10, 'counted on, not again');
    session.send_buffer = ['xy']; // flushed to a poll, then queued again
    assert.equal(unsentBytes(conn), 2);
    session.recv = { connection: { writableLength: 1000 } };
    assert.equal(unsentBytes(conn), 1002, 'a WebSocket: its socket');
    session.recv = { response: { writableLength: 500 } };
    session.send_buffer = [];
    assert.equal(unsentBytes(conn), 500, 'a streaming response');
    assert.equal(unsentBytes({}), 0, 'not a sockjs connection');
  });
});

describe('the native endpoint writing a shared frame', () => {
  it('writes bytes a ws client reads as the same text, at every length encoding, in order', async () => {
    const { WebSocket, WebSocketServer } = await import('ws');
    const { nativeConnection } = await import('../src/chat/native-websocket');
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as { port: number };
    const texts = [10, 200, 70_000].map(
      (size) => `MESSAGE\ndestination:/topic/public/rooms/1\n\n${'가'.repeat(size)}\0`,
    );
    try {
      const accepted = new Promise<import('ws').WebSocket>((resolve) =>
        server.once('connection', resolve),
      );
      const client = new WebSocket(`ws://127.0.0.1:${port}`);
      const received: string[] = [];
      const all = new Promise<void>((resolve) =>
        client.on('message', (data: Buffer) => {
          received.push(data.toString('utf8'));
          if (received.length === texts.length + 1) resolve();
        }),
      );
      const connection = nativeConnection(await accepted);
      // Shared frames (precomputed bytes straight to the socket) and a framed write, interleaved.
      for (const text of texts) connection.writeShared(new SharedFrame(text));
      connection.write('RECEIPT\nreceipt-id:1\n\n\0');
      await all;
      assert.deepEqual(received, [...texts, 'RECEIPT\nreceipt-id:1\n\n\0']);
      client.close();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
