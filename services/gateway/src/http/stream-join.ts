import { crc32, deflateRawSync } from 'node:zlib';

/** The most bytes one Brotli meta-block holds (RFC 7932, section 9.2: MLEN is at most 2^24). */
export const BROTLI_MAX_METABLOCK_BYTES = 1 << 24;

/** The end of a Brotli stream: an empty last meta-block (ISLAST = 1, ISLASTEMPTY = 1), padded to the byte. */
const BROTLI_LAST_EMPTY_METABLOCK = Buffer.from([0b11]);

/**
 * One uncompressed, not-last Brotli meta-block holding `chunk` (1 to 2^24 bytes), as RFC 7932 section 9.2
 * lays it out, bits least significant first: ISLAST = 0 (1 bit), MNIBBLES - 4 (2 bits), MLEN - 1 (4 bits per
 * nibble, the fewest nibbles that hold it, as the format requires), ISUNCOMPRESSED = 1 (1 bit), zero bits to
 * the next byte, then the bytes themselves.
 */
function uncompressedMetaBlock(chunk: Buffer): Buffer[] {
  const lengthLess1 = chunk.length - 1;
  const nibbles = lengthLess1 < 1 << 16 ? 4 : lengthLess1 < 1 << 20 ? 5 : 6;
  const headerBits = 1 + 2 + 4 * nibbles + 1;
  // At most 28 bits: exact in a JavaScript number, written out byte by byte.
  let header = (nibbles - 4) * 2 + lengthLess1 * 8 + 2 ** (headerBits - 1);
  const bytes = Buffer.alloc(Math.ceil(headerBits / 8));
  for (let i = 0; i < bytes.length; i += 1) {
    bytes[i] = header % 256;
    header = Math.floor(header / 256);
  }
  return [bytes, chunk];
}

/**
 * A whole Brotli stream: `prefix` is a stream flushed to a byte boundary but not finished (its last meta-block
 * is not marked last), and `suffix` is appended to what it decompresses to, as uncompressed meta-blocks, then
 * the stream is ended. Answered as parts, to be written one after the other, so the prefix is never copied.
 */
export function joinBrotli(prefix: Buffer, suffix: Buffer): Buffer[] {
  const parts = [prefix];
  for (let at = 0; at < suffix.length; at += BROTLI_MAX_METABLOCK_BYTES) {
    parts.push(...uncompressedMetaBlock(suffix.subarray(at, at + BROTLI_MAX_METABLOCK_BYTES)));
  }
  parts.push(BROTLI_LAST_EMPTY_METABLOCK);
  return parts;
}

/** A gzip member header (RFC 1952): deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** What is kept of a compressed prefix to end a gzip stream after it. */
export interface DeflatePrefix {
  /** Raw deflate blocks ending with a sync or full flush, with no final block. */
  deflate: Buffer;
  /** CRC-32 of the uncompressed prefix. */
  crc32: number;
  /** Length of the uncompressed prefix in bytes. */
  length: number;
}

/**
 * A whole gzip stream of the prefix's bytes followed by `suffix`: the header, the stored deflate blocks, the
 * suffix deflated on its own with the final block (it refers to none of the prefix's bytes, which deflate
 * allows), and the trailer: the CRC-32 of everything, continued from the prefix's, and the length mod 2^32.
 */
export function joinGzip(prefix: DeflatePrefix, suffix: Buffer): Buffer[] {
  const trailer = Buffer.alloc(8);
  // No bytes leave the CRC as it is. zlib.crc32 answers that too for most empty buffers, but 0 for one without
  // memory behind it (Buffer.from('').subarray(0, 0) on Node 20), so no bytes are not handed to it.
  const crc = suffix.length === 0 ? prefix.crc32 : crc32(suffix, prefix.crc32);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((prefix.length + suffix.length) % 2 ** 32, 4);
  return [GZIP_HEADER, prefix.deflate, deflateRawSync(suffix), trailer];
}
