import { randomBytes } from "node:crypto";
import { Transform } from "node:stream";
import { deflatePiece, GzipAssembler } from "./gzip.server";

/**
 * A shared fragment's HTML (app/lib/shared-fragment.tsx, ADR 013) as the bytes every document
 * that shows it sends, and deflated once when the first gzip answer needs it.
 */
export class SharedFragment {
  readonly bytes: Buffer;
  #deflated: Buffer | undefined;

  constructor(html: string) {
    this.bytes = Buffer.from(html);
  }

  get deflated(): Buffer {
    return (this.#deflated ??= deflatePiece(this.bytes));
  }
}

/**
 * The render puts a marker where a fragment goes, and the document's byte stream puts the
 * fragment's bytes in its place (fragmentSplicer): React then neither copies nor encodes ~100 KB
 * of cards per request, and a gzip answer takes them compressed once. The marker is a comment
 * with a token of this process: markup that React writes never contains it by accident (text and
 * attribute values are escaped, so no one can write "<!--" into the page through them).
 */
const MARK = Buffer.from(`<!--shared-${randomBytes(9).toString("base64url")}-`);
const MARK_END = Buffer.from("-->");

/** For one document: the marker to render for each fragment key, and the fragments by number. */
export function fragmentMarkers(fragments: ReadonlyMap<string, SharedFragment> | null): { markers: Map<string, string>; pieces: SharedFragment[] } {
  const markers = new Map<string, string>();
  const pieces: SharedFragment[] = [];
  for (const [key, fragment] of fragments ?? []) {
    markers.set(key, `${MARK.toString()}${pieces.length}${MARK_END.toString()}`);
    pieces.push(fragment);
  }
  return { markers, pieces };
}

/** How many bytes at the end of `data` (from `from` on) could begin a marker. */
function partialMark(data: Buffer, from: number): number {
  for (let keep = Math.min(MARK.length - 1, data.length - from); keep > 0; keep--) {
    if (data.subarray(data.length - keep).equals(MARK.subarray(0, keep))) return keep;
  }
  return 0;
}

/**
 * The document's bytes with each marker replaced by its fragment, as they are or (`gzip`) as one
 * gzip stream: the document's own bytes compressed as they come, the fragments' compressed once.
 * A marker split between two chunks is held back until it is whole; an unknown one stays as it is.
 */
export function fragmentSplicer(pieces: readonly SharedFragment[], gzip: boolean): Transform {
  const assembler = gzip ? new GzipAssembler() : null;
  let pending: Buffer | null = null;
  const stream: Transform = new Transform({
    transform(chunk: Uint8Array, _encoding, callback) {
      const incoming = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      const data = pending ? Buffer.concat([pending, incoming]) : incoming;
      pending = null;
      let from = 0;
      let until = data.length;
      for (;;) {
        const at = data.indexOf(MARK, from);
        if (at < 0) break;
        const close = data.indexOf(MARK_END, at + MARK.length);
        if (close < 0) {
          until = at;
          break;
        }
        const piece = pieces[Number(data.toString("latin1", at + MARK.length, close))];
        if (piece) {
          own(data.subarray(from, at));
          shared(piece);
        } else own(data.subarray(from, close + MARK_END.length));
        from = close + MARK_END.length;
      }
      if (until === data.length) until -= partialMark(data, from);
      if (until < data.length) pending = Buffer.from(data.subarray(until));
      own(data.subarray(from, until));
      callback();
    },
    flush(callback) {
      if (pending) own(pending);
      if (assembler) for (const buffer of assembler.end()) stream.push(buffer);
      callback();
    },
  });
  function own(bytes: Buffer) {
    if (bytes.length === 0) return;
    if (!assembler) stream.push(bytes);
    else for (const buffer of assembler.compress(bytes)) stream.push(buffer);
  }
  function shared(piece: SharedFragment) {
    if (!assembler) stream.push(piece.bytes);
    else for (const buffer of assembler.precompressed(piece.bytes, piece.deflated)) stream.push(buffer);
  }
  return stream;
}
