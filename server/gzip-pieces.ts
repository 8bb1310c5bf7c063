import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A gzip answer assembled from pieces compressed ahead of time (RFC 1951/1952), for the page
 * cache: its pages differ per request only in the CSP nonce, so the bytes between the nonces are
 * compressed once per cached page, and a hit joins them around its own nonce instead of
 * compressing ~130 KB per request (brotli or gzip took 1.5–4 ms of CPU per hit, several times what
 * the rest of a hit costs).
 *
 * One deflate stream may consist of any sequence of blocks, and a block compressed on its own
 * refers back only to its own bytes, so pieces deflated separately (each ended by a sync flush:
 * no final block, byte-aligned) can follow one another. The nonce goes in as a stored
 * (uncompressed) block, the stream ends with an empty final block, and the gzip trailer carries
 * the CRC-32 and length of the whole page.
 */

/** The gzip header: deflate, no flags, no modification time, unknown operating system. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** An empty final block with fixed codes: BFINAL 1, BTYPE 01, then the end-of-block code. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/** The most a stored block holds. */
const STORED_MAX = 0xffff;

/** The pieces as deflate blocks, each ending on a byte boundary and none of them final. */
export function deflatePieces(pieces: readonly Buffer[]): Buffer[] {
  return pieces.map((piece) => deflateRawSync(piece, { finishFlush: constants.Z_SYNC_FLUSH }));
}

/** Bytes as stored blocks (no compression), for what differs per answer. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += STORED_MAX) {
    const chunk = bytes.subarray(start, start + STORED_MAX);
    const head = Buffer.alloc(5);
    // BFINAL 0, BTYPE 00; the rest of the byte is padding (the previous block ended aligned).
    head[0] = 0x00;
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(head, chunk);
  }
  return blocks;
}

/**
 * The gzip answer for `pieces` joined by `separator` (pieces[0], separator, pieces[1], …), from
 * the pieces' deflated form (`deflated`, from deflatePieces): buffers to write one after another.
 */
export function gzipJoined(pieces: readonly Buffer[], deflated: readonly Buffer[], separator: Buffer): Buffer[] {
  const out: Buffer[] = [HEADER];
  let crc = 0;
  // zlib's crc32 answers 0, not the running value, for a buffer without memory (an empty Buffer
  // can lose its backing store, e.g. after deflateRawSync): empty bytes add nothing anyway.
  const checksum = (bytes: Buffer) => (bytes.length > 0 ? crc32(bytes, crc) : crc);
  let length = 0;
  const separatorBlocks = storedBlocks(separator);
  pieces.forEach((piece, i) => {
    if (i > 0) {
      out.push(...separatorBlocks);
      crc = checksum(separator);
      length += separator.length;
    }
    out.push(deflated[i]!);
    crc = checksum(piece);
    length += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  // ISIZE: the length modulo 2^32.
  trailer.writeUInt32LE(length % 0x1_0000_0000, 4);
  out.push(FINAL_BLOCK, trailer);
  return out;
}
