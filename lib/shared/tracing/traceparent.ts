import { randomFillSync } from 'node:crypto';

/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/) without OpenTelemetry: parsing and
 * making `traceparent` headers. The BFF and the backend use it when tracing is off, so that the
 * log lines of one request still share a `trace_id` across both processes; with tracing on the
 * OpenTelemetry SDK makes the ids instead. No dependencies, server side only.
 */

export interface TraceParent {
  /** 32 lower-case hex digits, not all zero. */
  traceId: string;
  /** The caller's span: 16 lower-case hex digits, not all zero. */
  parentId: string;
  /** The caller's sampled flag (bit 0 of trace-flags). */
  sampled: boolean;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE_ID = '0'.repeat(32);
const ZERO_SPAN_ID = '0'.repeat(16);

/**
 * Parses a `traceparent` header; undefined when absent or invalid (then a new trace starts).
 * Version 00 must be exactly 55 characters; a later version may append fields, which are ignored;
 * version ff, upper-case hex and all-zero ids are invalid.
 */
export function parseTraceparent(
  value: string | string[] | null | undefined,
): TraceParent | undefined {
  if (typeof value !== 'string' || value.length < 55) return undefined;
  const match = TRACEPARENT.exec(value.trim());
  if (!match) return undefined;
  const [, version, traceId, parentId, flags, rest] = match;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (traceId === ZERO_TRACE_ID || parentId === ZERO_SPAN_ID) return undefined;
  return { traceId, parentId, sampled: (parseInt(flags, 16) & 1) === 1 };
}

// Random bytes are drawn from the kernel a few kilobytes at a time: one id costs a slice of a
// buffer rather than a system call.
const pool = Buffer.allocUnsafe(4096);
let poolOffset = pool.length;

function randomHex(bytes: number, zero: string): string {
  for (;;) {
    if (poolOffset + bytes > pool.length) {
      randomFillSync(pool);
      poolOffset = 0;
    }
    const hex = pool.toString('hex', poolOffset, poolOffset + bytes);
    poolOffset += bytes;
    if (hex !== zero) return hex;
  }
}

/** A random 16-byte trace id (32 hex digits). */
export function newTraceId(): string {
  return randomHex(16, ZERO_TRACE_ID);
}

/** A random 8-byte span id (16 hex digits). */
export function newSpanId(): string {
  return randomHex(8, ZERO_SPAN_ID);
}

/**
 * A version-00 `traceparent`. `sampled` defaults to true: a caller that does not trace leaves the
 * sampling decision to the next hop (a backend with a parent-based sampler records it).
 */
export function formatTraceparent(traceId: string, spanId: string, sampled = true): string {
  return `00-${traceId}-${spanId}-${sampled ? '01' : '00'}`;
}
