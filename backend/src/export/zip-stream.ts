import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * Bytes handed to the deflater at a time: each push compresses synchronously on the event loop,
 * so it stays small (about a millisecond at level 6).
 */
export const DEFLATE_CHUNK_BYTES = 64 * 1024;

/** Text gathered before it is encoded and deflated (UTF-16 code units). */
const TEXT_CHUNK_CHARS = 32 * 1024;

/**
 * A ZIP written entry by entry as an async iterable of bytes, for Readable.from (which pulls the
 * next chunk only when the reader wants more, so the producer follows the client's pace).
 * fflate's streaming Zip produces its output synchronously inside each push: every method pushes
 * a bounded piece and then yields what came out, so no more than one piece (plus its compressed
 * form) is held here at any time. Entries are written one after the other, never interleaved
 * (fflate would buffer a later entry until the earlier one ends).
 */
export class ZipStreamWriter {
  private pending: Uint8Array[] = [];
  private failure: Error | null = null;
  private readonly zip = new Zip((error, chunk) => {
    if (error) this.failure = error;
    else if (chunk.length > 0) this.pending.push(chunk);
  });

  /** What the last push produced, taken out. */
  private *drain(): Generator<Uint8Array> {
    if (this.failure) throw this.failure;
    const out = this.pending;
    this.pending = [];
    yield* out;
  }

  /** An entry stored as is (already compressed data: photos), its chunks as they come. */
  async *stored(name: string, chunks: Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    const file = new ZipPassThrough(name);
    this.zip.add(file);
    for (const chunk of chunks) {
      for (let at = 0; at < chunk.length; at += DEFLATE_CHUNK_BYTES) {
        file.push(chunk.subarray(at, at + DEFLATE_CHUNK_BYTES));
        yield* this.drain();
      }
    }
    file.push(new Uint8Array(0), true);
    yield* this.drain();
  }

  /** A deflated text entry (UTF-8), fed from strings produced as the entry is written. */
  async *deflated(
    name: string,
    text: AsyncIterable<string> | Iterable<string>,
  ): AsyncGenerator<Uint8Array> {
    const file = new ZipDeflate(name, { level: 6 });
    this.zip.add(file);
    let gathered = '';
    const push = function* (this: ZipStreamWriter, piece: string): Generator<Uint8Array> {
      const bytes = strToU8(piece);
      for (let at = 0; at < bytes.length; at += DEFLATE_CHUNK_BYTES) {
        file.push(bytes.subarray(at, at + DEFLATE_CHUNK_BYTES));
        yield* this.drain();
      }
    }.bind(this);
    for await (const piece of text) {
      gathered += piece;
      if (gathered.length >= TEXT_CHUNK_CHARS) {
        yield* push(gathered);
        gathered = '';
      }
    }
    yield* push(gathered);
    file.push(new Uint8Array(0), true);
    yield* this.drain();
  }

  /** The central directory: the ZIP's last bytes. */
  *end(): Generator<Uint8Array> {
    this.zip.end();
    yield* this.drain();
  }

  /** Stops the ZIP (the client went away); nothing more is produced. */
  terminate(): void {
    this.zip.terminate();
  }
}

/**
 * `value` as `JSON.stringify(value, null, 2)` followed by a line break, written a piece at a
 * time when it is an array coming in pages: `[`, each element indented as stringify would, `]`.
 */
export async function* jsonArrayText<T>(
  pages: AsyncIterable<readonly T[]>,
  map: (item: T) => unknown = (item) => item,
): AsyncGenerator<string> {
  let first = true;
  for await (const page of pages) {
    for (const item of page) {
      // JSON escapes line breaks inside strings, so every '\n' here is stringify's own.
      const element = JSON.stringify(map(item), null, 2).replaceAll('\n', '\n  ');
      yield `${first ? '[\n  ' : ',\n  '}${element}`;
      first = false;
    }
  }
  yield first ? '[]\n' : '\n]\n';
}

/** `value` as `JSON.stringify(value, null, 2)` and a line break. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}
