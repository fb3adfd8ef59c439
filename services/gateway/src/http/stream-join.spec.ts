import { randomBytes } from 'node:crypto';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  crc32,
  deflateRawSync,
  gunzipSync,
} from 'node:zlib';
import { joinBrotli, joinGzip } from './stream-join';

const flushedBrotli = (data: Buffer, quality = 5) =>
  brotliCompressSync(data, {
    finishFlush: constants.BROTLI_OPERATION_FLUSH,
    params: { [constants.BROTLI_PARAM_QUALITY]: quality },
  });

const deflatePrefix = (data: Buffer, flush = constants.Z_SYNC_FLUSH) => ({
  deflate: deflateRawSync(data, { level: 9, finishFlush: flush }),
  crc32: crc32(data),
  length: data.length,
});

/** Text shaped like an answer's JSON, with random words so that every case differs. */
function jsonish(length: number): Buffer {
  const words = [
    '"text":',
    '"start":',
    'hash',
    'table',
    '{',
    '}',
    ',',
    'lecture',
    '\\u00e9',
    'é',
    '€',
    '12.5',
  ];
  const parts: string[] = [];
  let size = 0;
  while (size < length) {
    const word = words[randomBytes(1)[0]! % words.length]!;
    parts.push(word);
    size += Buffer.byteLength(word);
  }
  return Buffer.from(parts.join('')).subarray(0, length);
}

// Sizes around the meta-block header's nibble counts (2^16 and 2^20 bytes) and the 2^24-byte meta-block limit.
const SUFFIX_SIZES = [0, 1, 2, 17, 1000, 65_535, 65_536, 65_537, 70_000, 1_048_576, 1_048_577];

describe('joinBrotli', () => {
  const prefix = jsonish(300_000);
  const stored = flushedBrotli(prefix);

  it('leaves the stored prefix unfinished: it does not decompress alone as a whole stream', () => {
    expect(() => brotliDecompressSync(stored)).toThrow();
  });

  it.each(SUFFIX_SIZES)('decompresses to the prefix and a %i-byte suffix', (size) => {
    const suffix = jsonish(size);
    expect(
      brotliDecompressSync(Buffer.concat(joinBrotli(stored, suffix))).equals(Buffer.concat([prefix, suffix])),
    ).toBe(true);
  });

  it('holds random suffixes of random bytes after random prefixes', () => {
    for (let round = 0; round < 200; round += 1) {
      const head = round % 10 === 0 ? Buffer.alloc(0) : randomBytes(randomBytes(2).readUInt16LE() % 5000);
      const tail = randomBytes(randomBytes(2).readUInt16LE() % 3000);
      const joined = Buffer.concat(joinBrotli(flushedBrotli(head, round % 12), tail));
      expect(brotliDecompressSync(joined).equals(Buffer.concat([head, tail]))).toBe(true);
    }
  });

  it('splits a suffix past 16 MB into meta-blocks of at most 2^24 bytes', () => {
    const suffix = Buffer.alloc((1 << 24) * 2 + 5, 'a');
    const parts = joinBrotli(stored, suffix);
    // prefix, (header, chunk) three times, last empty meta-block
    expect(parts).toHaveLength(1 + 3 * 2 + 1);
    expect(parts[2]!.length).toBe(1 << 24);
    expect(brotliDecompressSync(Buffer.concat(parts)).equals(Buffer.concat([prefix, suffix]))).toBe(true);
  });
});

describe('joinGzip', () => {
  const prefix = jsonish(300_000);

  it.each(SUFFIX_SIZES)('gunzips to the prefix and a %i-byte suffix', (size) => {
    const suffix = jsonish(size);
    const joined = Buffer.concat(joinGzip(deflatePrefix(prefix), suffix));
    expect(gunzipSync(joined).equals(Buffer.concat([prefix, suffix]))).toBe(true);
  });

  it('holds random suffixes after random prefixes, flushed either way', () => {
    for (let round = 0; round < 200; round += 1) {
      const head = round % 10 === 0 ? Buffer.alloc(0) : randomBytes(randomBytes(2).readUInt16LE() % 5000);
      const tail = randomBytes(randomBytes(2).readUInt16LE() % 3000);
      const flush = round % 2 ? constants.Z_SYNC_FLUSH : constants.Z_FULL_FLUSH;
      const joined = Buffer.concat(joinGzip(deflatePrefix(head, flush), tail));
      expect(gunzipSync(joined).equals(Buffer.concat([head, tail]))).toBe(true);
    }
  });

  it('writes the CRC-32 and the length of the whole in the trailer', () => {
    const suffix = jsonish(5000);
    const joined = Buffer.concat(joinGzip(deflatePrefix(prefix), suffix));
    const whole = Buffer.concat([prefix, suffix]);
    expect(joined.readUInt32LE(joined.length - 8)).toBe(crc32(whole) >>> 0);
    expect(joined.readUInt32LE(joined.length - 4)).toBe(whole.length);
  });
});
