import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  type DecodedItem,
  encodeFrame,
  header,
  StompDecoder,
  StompProtocolError,
} from '../src/chat/stomp/codec';
import { decodeSendBody } from '../src/chat/stomp/session';

const frames = (items: DecodedItem[]) =>
  items.flatMap((item) => (item.type === 'frame' ? [item.frame] : []));

describe('STOMP codec', () => {
  it('decodes a frame split across chunks, byte by byte', () => {
    const wire = Buffer.from(
      encodeFrame('SEND', { destination: '/app/chat/rooms/1/send' }, '"안녕"'),
    );
    const decoder = new StompDecoder();
    const found: DecodedItem[] = [];
    for (let i = 0; i < wire.length; i += 1) found.push(...decoder.push(wire.subarray(i, i + 1)));
    const [frame] = frames(found);
    assert.equal(frame.command, 'SEND');
    assert.equal(header(frame, 'destination'), '/app/chat/rooms/1/send');
    assert.equal(header(frame, 'content-length'), String(Buffer.byteLength('"안녕"')));
    assert.equal(frame.body, '"안녕"');
  });

  it('decodes coalesced frames with heart-beats between them', () => {
    const wire =
      '\n' +
      encodeFrame('SUBSCRIBE', { id: 'sub-0', destination: '/topic/public/rooms/1' }) +
      '\r\n\n' +
      'SEND\r\ndestination:/app/chat/rooms/1/send\r\n\r\nhello\0' +
      'DISCONNECT\nreceipt:77\n\n\0';
    const items = new StompDecoder().push(wire);
    assert.deepEqual(
      items.map((item) => (item.type === 'frame' ? item.frame.command : 'EOL')),
      ['EOL', 'SUBSCRIBE', 'EOL', 'EOL', 'SEND', 'DISCONNECT'],
    );
    const send = frames(items)[1];
    assert.equal(header(send, 'destination'), '/app/chat/rooms/1/send');
    assert.equal(send.body, 'hello');
  });

  it('counts content-length in UTF-8 bytes and allows NUL inside such a body', () => {
    const text = '오늘 러닝 5km 완료! 🏃';
    const encoded = encodeFrame('MESSAGE', { destination: '/topic/public/rooms/1' }, text);
    assert.match(encoded, new RegExp(`content-length:${Buffer.byteLength(text)}\n`));
    assert.notEqual(Buffer.byteLength(text), text.length);
    const withNul = `SEND\ndestination:/x\ncontent-length:7\n\na\0b\0cde\0`;
    const [frame] = frames(new StompDecoder().push(withNul));
    assert.equal(frame.body, 'a\0b\0cde');
    const [korean] = frames(new StompDecoder().push(encoded));
    assert.equal(korean.body, text);
  });

  it('waits for the whole body when content-length says more is coming', () => {
    const decoder = new StompDecoder();
    const wire = Buffer.from(encodeFrame('SEND', { destination: '/d' }, '한글 본문'));
    assert.deepEqual(decoder.push(wire.subarray(0, wire.length - 4)), []);
    const [frame] = frames(decoder.push(wire.subarray(wire.length - 4)));
    assert.equal(frame.body, '한글 본문');
  });

  it('escapes and unescapes headers per version (CONNECT/CONNECTED never)', () => {
    const value = 'a:b\nc\\d\re';
    const v12 = encodeFrame('MESSAGE', { 'x-key': value }, '', '1.2');
    assert.match(v12, /x-key:a\\cb\\nc\\\\d\\re\n/);
    const [decoded12] = frames(new StompDecoder({ version: '1.2' }).push(v12));
    assert.equal(header(decoded12, 'x-key'), value);

    const v11 = encodeFrame('MESSAGE', { 'x-key': 'a:b' }, '', '1.1');
    assert.match(v11, /x-key:a\\cb\n/);
    const [decoded11] = frames(new StompDecoder({ version: '1.1' }).push(v11));
    assert.equal(header(decoded11, 'x-key'), 'a:b');

    const [v10] = frames(new StompDecoder({ version: '1.0' }).push('SEND\nx:a\\cb\n\n\0'));
    assert.equal(header(v10, 'x'), 'a\\cb');

    const connected = encodeFrame('CONNECTED', { server: 'a:b' });
    assert.match(connected, /server:a:b\n/);
    const [connect] = frames(new StompDecoder().push('CONNECT\nlogin:a\\cb\n\n\0'));
    assert.equal(header(connect, 'login'), 'a\\cb');

    assert.throws(() => new StompDecoder().push('SEND\nx:a\\tb\n\n\0'), StompProtocolError);
  });

  it('keeps the first of repeated headers', () => {
    const [frame] = frames(new StompDecoder().push('SEND\nfoo:1\nfoo:2\n\n\0'));
    assert.equal(header(frame, 'foo'), '1');
  });

  it('stops decoding after maxFramesPerPush frames in one chunk, keeping those it decoded', () => {
    const subscribe = (i: number) => `SUBSCRIBE\nid:${i}\ndestination:/topic/public/rooms/1\n\n\0`;
    const many = Array.from({ length: 10_000 }, (_, i) => subscribe(i)).join('');
    let error: unknown;
    try {
      new StompDecoder().push(many);
    } catch (caught) {
      error = caught;
    }
    assert.ok(error instanceof StompProtocolError, 'refused');
    assert.match(error.message, /too many frames/);
    // The frames before the cut are handed over, in order, to be handled before the refusal.
    assert.equal(frames(error.decoded).length, 100);
    assert.equal(header(frames(error.decoded)[99], 'id'), '99');
    // Exactly the limit is fine, and heart-beats do not count.
    const limit = new StompDecoder({ maxFramesPerPush: 3 });
    const items = limit.push(`\n${subscribe(1)}\n${subscribe(2)}\n${subscribe(3)}\n`);
    assert.equal(frames(items).length, 3);
  });

  it('rejects frames over the limit and malformed content-length', () => {
    const decoder = new StompDecoder({ maxFrameBytes: 100 });
    assert.throws(() => decoder.push(`SEND\n\n${'x'.repeat(200)}`), /too large/);
    assert.throws(
      () => new StompDecoder().push('SEND\ncontent-length:abc\n\nx\0'),
      /content-length/,
    );
    assert.throws(
      () => new StompDecoder().push('SEND\ncontent-length:1\n\nxy\0'),
      /NUL-terminated/,
    );
  });

  it('decodes SEND bodies: JSON strings, bare text', () => {
    assert.equal(decodeSendBody('"안녕 \\"친구\\"\\n"'), '안녕 "친구"\n');
    assert.equal(decodeSendBody('그냥 텍스트'), '그냥 텍스트');
    assert.equal(decodeSendBody('"broken'), '"broken');
    assert.equal(decodeSendBody('""'), '');
  });
});
