import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * gzip answers assembled from pieces compressed ahead of time (RFC 1951/1952): a page that is the
 * same for many requests but for a few bytes (the page cache's pages: the CSP nonce) or but for
 * its personal parts (a signed-in catalogue page: everything but the shared cards) is compressed
 * once where it is shared, and each answer compresses only what is its own. Compressing ~130 KB
 * per answer (brotli or gzip) took 1.5–4 ms of CPU, several times what the rest of a cached answer
 * costs.
 *
 * One deflate stream may consist of any sequence of blocks, and a piece compressed on its own
 * refers back only to its own bytes, so pieces deflated separately (each ended by a sync flush:
 * no final block, byte-aligned) can follow one another. Small per-answer bytes go in as stored
 * (uncompressed) blocks; the stream ends with an empty final block, and the gzip trailer carries
 * the CRC-32 and length of the whole answer.
 */

/** The gzip header: deflate, no flags, no modification time, unknown operating system. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** An empty final block with fixed codes: BFINAL 1, BTYPE 01, then the end-of-block code. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/** The most a stored block holds. */
const STORED_MAX = 0xffff;

/** Bytes as deflate blocks, ending on a byte boundary and none of them final: a piece of a stream. */
export function deflatePiece(bytes: Buffer): Buffer {
  return deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH });
}

/** Bytes as stored blocks (no compression): cheaper than deflating a few bytes. */
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
 * One gzip answer, written piece by piece: each method returns the buffers to send next (the
 * header comes with the first), `end` the last ones.
 */
export class GzipAssembler {
  #crc = 0;
  #length = 0;
  #started = false;

  #count(bytes: Buffer, out: Buffer[]): Buffer[] {
    // zlib's crc32 answers 0, not the running value, for a buffer without memory (an empty Buffer
    // can lose its backing store, e.g. after deflateRawSync): empty bytes add nothing anyway.
    if (bytes.length > 0) this.#crc = crc32(bytes, this.#crc);
    this.#length += bytes.length;
    if (this.#started) return out;
    this.#started = true;
    return [HEADER, ...out];
  }

  /** Bytes compressed ahead of time: `deflated` is deflatePiece(bytes). */
  precompressed(bytes: Buffer, deflated: Buffer): Buffer[] {
    return this.#count(bytes, [deflated]);
  }

  /** Bytes of this answer only, compressed now. */
  compress(bytes: Buffer): Buffer[] {
    return this.#count(bytes, bytes.length > 0 ? [deflatePiece(bytes)] : []);
  }

  /** A few bytes of this answer only (a nonce), not compressed. */
  stored(bytes: Buffer): Buffer[] {
    return this.#count(bytes, storedBlocks(bytes));
  }

  end(): Buffer[] {
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(this.#crc >>> 0, 0);
    // ISIZE: the length modulo 2^32.
    trailer.writeUInt32LE(this.#length % 0x1_0000_0000, 4);
    return [...this.#count(Buffer.alloc(0), []), FINAL_BLOCK, trailer];
  }
}

/**
 * The gzip answer for `pieces` joined by `separator` (pieces[0], separator, pieces[1], …), from
 * the pieces' deflated form (deflatePiece of each): buffers to write one after another.
 */
export function gzipJoined(pieces: readonly Buffer[], deflated: readonly Buffer[], separator: Buffer): Buffer[] {
  const gzip = new GzipAssembler();
  const out: Buffer[] = [];
  pieces.forEach((piece, i) => {
    if (i > 0) out.push(...gzip.stored(separator));
    out.push(...gzip.precompressed(piece, deflated[i]!));
  });
  out.push(...gzip.end());
  return out;
}

/**
 * Whether an Accept-Encoding header takes gzip: listed (or `*`) with a weight above 0, and not
 * refused by name (`gzip;q=0` wins over `*`).
 */
export function acceptsGzip(header: string | null | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const item of header.split(",")) {
    const [name = "", ...params] = item.split(";").map((part) => part.trim());
    const q = params.find((param) => /^q=/i.test(param));
    const weight = q ? Number(q.slice(2)) : 1;
    const token = name.toLowerCase();
    if (token === "gzip" || token === "x-gzip") return weight > 0;
    if (token === "*") star = weight > 0;
  }
  return star;
}
