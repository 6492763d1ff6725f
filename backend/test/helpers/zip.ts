import assert from 'node:assert/strict';
import { crc32, inflateRawSync } from 'node:zlib';

/** One entry of a ZIP as its central directory describes it, with its data checked. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  data: Buffer;
}

/**
 * Reads a whole ZIP the strict way (no ZIP64, no comment): the end record, every central
 * directory record and the local header it points to, each entry's data inflated, its size and
 * CRC-32 checked against the directory, and nothing left between the entries and the directory.
 * Fails the test on any inconsistency.
 */
export function readZip(zip: Buffer): ZipEntry[] {
  const end = zip.length - 22;
  assert.ok(end >= 0, 'ZIP too short for its end record');
  assert.equal(zip.readUInt32LE(end), 0x06054b50, 'end of central directory record last');
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryAt = zip.readUInt32LE(end + 16);
  assert.equal(directoryAt + directorySize, end, 'central directory right before its end record');

  const entries: ZipEntry[] = [];
  let at = directoryAt;
  let expectedLocal = 0;
  for (let i = 0; i < count; i++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, `central record ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;

    assert.equal(localAt, expectedLocal, `${name}: entries follow one another`);
    assert.equal(zip.readUInt32LE(localAt), 0x04034b50, `${name}: local header`);
    const flags = zip.readUInt16LE(localAt + 6);
    const localName = zip.readUInt16LE(localAt + 26);
    const localExtra = zip.readUInt16LE(localAt + 28);
    assert.equal(
      zip.subarray(localAt + 30, localAt + 30 + localName).toString('utf8'),
      name,
      `${name}: local header names it`,
    );
    const dataAt = localAt + 30 + localName + localExtra;
    const raw = zip.subarray(dataAt, dataAt + compressedSize);
    const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : null;
    assert.ok(data, `${name}: method ${method}`);
    assert.equal(data.length, size, `${name}: size`);
    assert.equal(crc32(data) >>> 0, crc, `${name}: CRC-32`);
    expectedLocal = dataAt + compressedSize;
    // Bit 3: sizes and CRC follow the data (streamed), with or without the descriptor signature.
    if (flags & 0x08) {
      const signed = zip.readUInt32LE(expectedLocal) === 0x08074b50 ? 4 : 0;
      assert.equal(zip.readUInt32LE(expectedLocal + signed), crc, `${name}: data descriptor CRC`);
      expectedLocal += signed + 12;
    }
    entries.push({ name, method, compressedSize, size, crc, data });
  }
  assert.equal(at, end, 'central directory fully read');
  assert.equal(expectedLocal, directoryAt, 'nothing between the last entry and the directory');
  return entries;
}
