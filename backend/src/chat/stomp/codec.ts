/**
 * STOMP 1.0/1.1/1.2 frame codec. Works on bytes so that `content-length` counts UTF-8 bytes; input
 * may arrive split across chunks or with several frames (and heart-beat EOLs) in one chunk.
 */

import { isUtf8 } from 'node:buffer';

export type StompVersion = '1.0' | '1.1' | '1.2';

export interface StompFrame {
  command: string;
  /** Header entries in order; repeated headers keep every entry (the first one wins on lookup). */
  headers: Array<[string, string]>;
  body: string;
}

export type DecodedItem = { type: 'frame'; frame: StompFrame } | { type: 'heartbeat' };

export class StompProtocolError extends Error {
  /** What `push` decoded from the same input before the malformed frame (complete and valid). */
  decoded: DecodedItem[] = [];

  constructor(message: string) {
    super(message);
    this.name = 'StompProtocolError';
  }
}

/** First value of a header, as STOMP 1.2 requires for repeated headers. */
export function header(frame: StompFrame, name: string): string | undefined {
  for (const [key, value] of frame.headers) if (key === name) return value;
  return undefined;
}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

/** Frames whose headers are never escaped (STOMP 1.2 §Value Encoding). */
const UNESCAPED = new Set(['CONNECT', 'CONNECTED']);

function unescapeHeader(value: string, version: StompVersion): string {
  if (version === '1.0' || !value.includes('\\')) return value;
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const ch = value[i];
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = value[i + 1];
    i += 1;
    if (next === 'n') out += '\n';
    else if (next === 'c') out += ':';
    else if (next === '\\') out += '\\';
    else if (next === 'r' && version === '1.2') out += '\r';
    else throw new StompProtocolError(`invalid header escape \\${next ?? ''}`);
  }
  return out;
}

/** Escapes a header name or value for `version` (exported for pre-encoded frame parts). */
export function escapeHeader(value: string, version: StompVersion): string {
  if (version === '1.0') return value.replace(/[\r\n]/g, ' ');
  let out = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/:/g, '\\c');
  out = version === '1.2' ? out.replace(/\r/g, '\\r') : out.replace(/\r/g, '');
  return out;
}

export interface DecoderOptions {
  /** Largest accepted frame (command + headers + body) in bytes; default 64 KiB like Spring. */
  maxFrameBytes?: number;
  /** Escaping rules for headers; set after CONNECT negotiation. */
  version?: StompVersion;
  /**
   * Most frames one `push` decodes (default 100). A client sends a frame or a few per message;
   * thousands in one message (10,000 SUBSCRIBEs in one SockJS frame) are an attack, and decoding
   * them all would hold the event loop for every other member before the first refusal.
   */
  maxFramesPerPush?: number;
}

/** Incremental decoder. `push` returns the complete frames and heart-beats found so far. */
export class StompDecoder {
  private buffer: Buffer = Buffer.alloc(0);
  version: StompVersion;
  private readonly maxFrameBytes: number;
  private readonly maxFramesPerPush: number;

  constructor(options: DecoderOptions = {}) {
    this.version = options.version ?? '1.2';
    this.maxFrameBytes = options.maxFrameBytes ?? 64 * 1024;
    this.maxFramesPerPush = options.maxFramesPerPush ?? 100;
  }

  push(chunk: string | Buffer): DecodedItem[] {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    const items: DecodedItem[] = [];
    let frames = 0;
    try {
      for (;;) {
        // Heart-beats: bare EOLs between frames.
        while (this.buffer.length > 0) {
          if (this.buffer[0] === LF) {
            this.buffer = this.buffer.subarray(1);
            items.push({ type: 'heartbeat' });
          } else if (this.buffer[0] === CR && this.buffer.length > 1 && this.buffer[1] === LF) {
            this.buffer = this.buffer.subarray(2);
            items.push({ type: 'heartbeat' });
          } else break;
        }
        if (this.buffer.length === 0 || (this.buffer.length === 1 && this.buffer[0] === CR)) break;
        if (frames === this.maxFramesPerPush) throw new StompProtocolError('too many frames');
        const frame = this.tryFrame();
        if (!frame) break;
        items.push({ type: 'frame', frame });
        frames += 1;
      }
    } catch (error) {
      // The frames before the malformed one arrived first and are valid: the caller still handles
      // them, in order, before it answers the error (otherwise a SEND in the same chunk is lost).
      if (error instanceof StompProtocolError) error.decoded = items;
      throw error;
    }
    return items;
  }

  /** Parses one frame from the start of the buffer, or returns null when more bytes are needed. */
  private tryFrame(): StompFrame | null {
    const buf = this.buffer;
    const headerEnd = findHeaderEnd(buf);
    if (headerEnd === null) {
      if (buf.length > this.maxFrameBytes) throw new StompProtocolError('frame too large');
      return null;
    }
    const headerBytes = buf.subarray(0, headerEnd.index);
    // Text that is not UTF-8 would be decoded lossily (U+FFFD) and stored as something the client
    // never sent: refused, for headers and body alike (binary WebSocket messages carry raw bytes).
    if (!isUtf8(headerBytes)) throw new StompProtocolError('frame is not valid UTF-8');
    const lines = headerBytes
      .toString('utf8')
      .split('\n')
      .map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
    const command = lines[0];
    if (!/^[A-Z]+$/.test(command)) throw new StompProtocolError(`invalid command ${command}`);
    const escaped = !UNESCAPED.has(command);
    const headers: Array<[string, string]> = [];
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompProtocolError('invalid header line');
      const rawKey = line.slice(0, colon);
      const rawValue = line.slice(colon + 1);
      headers.push(
        escaped
          ? [unescapeHeader(rawKey, this.version), unescapeHeader(rawValue, this.version)]
          : [rawKey, rawValue],
      );
    }
    const bodyStart = headerEnd.bodyStart;
    let bodyEnd: number;
    const lengthHeader = headers.find(([key]) => key === 'content-length')?.[1];
    if (lengthHeader !== undefined) {
      if (!/^\d+$/.test(lengthHeader)) throw new StompProtocolError('invalid content-length');
      const length = Number(lengthHeader);
      if (bodyStart + length > this.maxFrameBytes) throw new StompProtocolError('frame too large');
      if (buf.length < bodyStart + length + 1) return null;
      bodyEnd = bodyStart + length;
      if (buf[bodyEnd] !== NUL) throw new StompProtocolError('frame body not NUL-terminated');
    } else {
      const nul = buf.indexOf(NUL, bodyStart);
      if (nul < 0) {
        if (buf.length > this.maxFrameBytes) throw new StompProtocolError('frame too large');
        return null;
      }
      bodyEnd = nul;
    }
    if (bodyEnd + 1 > this.maxFrameBytes) throw new StompProtocolError('frame too large');
    const bodyBytes = buf.subarray(bodyStart, bodyEnd);
    if (!isUtf8(bodyBytes)) throw new StompProtocolError('frame is not valid UTF-8');
    const body = bodyBytes.toString('utf8');
    this.buffer = buf.subarray(bodyEnd + 1);
    return { command, headers, body };
  }
}

/** Index of the end of the header block and where the body begins (after the blank line). */
function findHeaderEnd(buf: Buffer): { index: number; bodyStart: number } | null {
  let from = 0;
  for (;;) {
    const lf = buf.indexOf(LF, from);
    if (lf < 0) return null;
    // A blank line: LF directly after the previous LF (or CRLF).
    const next = lf + 1;
    if (next < buf.length && buf[next] === LF) return { index: lf, bodyStart: next + 1 };
    if (next + 1 < buf.length && buf[next] === CR && buf[next + 1] === LF) {
      return { index: lf, bodyStart: next + 2 };
    }
    if (next >= buf.length || (buf[next] === CR && next + 1 >= buf.length)) return null;
    from = next;
  }
}

/** Encodes a frame; `content-length` (UTF-8 bytes) is added when a body is present. */
export function encodeFrame(
  command: string,
  headers: Record<string, string | number | undefined>,
  body = '',
  version: StompVersion = '1.2',
): string {
  let out = `${command}\n`;
  const escape = !UNESCAPED.has(command);
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = String(value);
    out += escape
      ? `${escapeHeader(key, version)}:${escapeHeader(text, version)}\n`
      : `${key}:${text}\n`;
  }
  if (body.length > 0 && headers['content-length'] === undefined) {
    out += `content-length:${Buffer.byteLength(body, 'utf8')}\n`;
  }
  return `${out}\n${body}\0`;
}
