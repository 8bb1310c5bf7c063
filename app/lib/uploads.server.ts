import { PassThrough, Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import { AppError } from "./errors";
import { hasNul } from "./forms.server";
import { log } from "./log.server";

/** A file part as it arrives, for a receiver that takes the bytes while they stream. */
export interface IncomingFile {
  /** The form field it came in. */
  field: string;
  /** The name the browser gave (display only; never used for storage). */
  name: string;
  /**
   * The bytes as they arrive; read it once. It fails with `FileRefusal("too_large")` as soon as
   * more than the limit arrived, and with an error when the request breaks off, so a store it is
   * piped into aborts instead of keeping a cut-off file.
   */
  stream: Readable;
  /**
   * Resolves when the whole part has gone by (read by the receiver or, after it stopped reading,
   * dropped): its size (counted up to one byte past the limit) and whether it was over the limit.
   * Whoever awaits it must not leave `stream` unread and undestroyed, or it never resolves.
   */
  ended: Promise<{ size: number; tooLarge: boolean }>;
}

/** Why a file's bytes were refused while they streamed. */
export class FileRefusal extends Error {
  override name = "FileRefusal";
  constructor(readonly why: "too_large" | "wrong_type") {
    super(why === "too_large" ? "The file is larger than allowed." : "The file is not of the type its first bytes said.");
  }
}

/** What becomes of each file part of a streamed form. */
export interface FileReceiver<T> {
  /** Takes one file part as it streams (into a store, say) and tells what became of it. */
  receive(file: IncomingFile): Promise<T>;
  /**
   * Undoes a received file when the request as a whole is refused after it was received (another
   * part failed, a field is unreadable), so a refused request leaves nothing behind. Only called
   * for files whose `receive` resolved.
   */
  discard(received: T): Promise<void>;
}

/** A buffered file, for callers that need the bytes whole (images are decoded and re-encoded). */
export interface ReceivedFile {
  /** The form field it came in. */
  field: string;
  /** The name the browser gave (display only; never used for storage). */
  name: string;
  /** Bytes received; when `tooLarge`, reading stopped at the limit and `data` is empty. */
  size: number;
  tooLarge: boolean;
  data: Buffer;
}

export interface MultipartBody<F = ReceivedFile> {
  fields: Record<string, string>;
  files: F[];
}

export interface MultipartLimits {
  /** Largest accepted file in bytes; a bigger one is cut off while it streams. */
  maxFileBytes: number;
  /** Most files accepted in one request; more is a client mistake. */
  maxFiles: number;
}

const unreadable = () => new AppError("INVALID", "unreadable_form");

/**
 * Reads a multipart/form-data request with every file buffered whole. A file beyond
 * `maxFileBytes` is cut off: its bytes are dropped as soon as the limit is passed and it is
 * reported as `tooLarge` (with no data), so the caller answers with its own message. Plain
 * urlencoded forms are read too, so one action can serve both kinds of submission.
 */
export function readMultipart(
  request: Request,
  limits: MultipartLimits,
  /** Where the fields are collected as they arrive, so a caller can give them back after a refusal. */
  fields: Record<string, string> = {},
): Promise<MultipartBody> {
  return streamMultipart(request, limits, {
    async receive({ field, name, stream }): Promise<ReceivedFile> {
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          chunks.push(chunk);
          size += chunk.length;
        }
      } catch (error) {
        if (error instanceof FileRefusal && error.why === "too_large") {
          return { field, name, size: limits.maxFileBytes + 1, tooLarge: true, data: Buffer.alloc(0) };
        }
        throw error;
      }
      return { field, name, size, tooLarge: false, data: Buffer.concat(chunks) };
    },
    // Buffered files live in memory only: nothing to undo.
    async discard() {},
  }, fields);
}

type PartOutcome<T> = { kind: "none" } | { kind: "received"; value: T } | { kind: "failed"; error: unknown };

/**
 * Reads a multipart/form-data request as it streams and hands each file part to `receiver` while
 * its bytes arrive, so no file is ever held whole in memory here. The limits cut off while
 * streaming (the receiver's stream fails once a file passes `maxFileBytes`). The answer comes
 * once the whole body was read and every receiver has finished; when the request is refused
 * (a receiver failed, a field is unreadable, too many files, the body broke off) every file that
 * was received is discarded first, and the first receiver's own error (or the form's) is thrown.
 * Plain urlencoded forms are read too (they carry no files).
 */
export async function streamMultipart<T>(
  request: Request,
  limits: MultipartLimits,
  receiver: FileReceiver<T>,
  /** Where the fields are collected as they arrive, so a caller can give them back after a refusal. */
  fields: Record<string, string> = {},
): Promise<MultipartBody<T>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) {
    if (contentType.startsWith("application/x-www-form-urlencoded")) {
      const text = await request.text();
      Object.assign(fields, Object.fromEntries(new URLSearchParams(text)));
      if (Object.values(fields).some(hasNul)) throw new AppError("INVALID", "invalid_characters");
      return { fields, files: [] };
    }
    throw unreadable();
  }
  if (!request.body) throw unreadable();

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // One byte more than allowed is read, so "exactly the limit" and "over it" can be told apart.
      limits: { fileSize: limits.maxFileBytes + 1, files: limits.maxFiles, fields: 50, fieldSize: 64 * 1024, parts: 60 },
      defParamCharset: "utf8",
    });
  } catch {
    throw unreadable();
  }

  const outcomes: Promise<PartOutcome<T>>[] = [];
  let nul = false;
  let tooManyFiles = false;
  let broken = false;
  let finished = false;
  let settle!: () => void;
  const parsed = new Promise<void>((resolve) => (settle = resolve));
  const finish = () => {
    if (finished) return;
    finished = true;
    settle();
  };

  parser.on("field", (name, value) => {
    if (hasNul(value)) nul = true;
    fields[name] = value;
  });
  parser.on("file", (field, source, info) => {
    if (finished) {
      source.resume();
      return;
    }
    outcomes.push(receivePart(field, source, info.filename ?? "", limits.maxFileBytes, receiver));
  });
  parser.on("filesLimit", () => {
    tooManyFiles = true;
  });
  // Busboy closes once every part was read to its end (each receiver's stream included).
  parser.on("close", finish);
  parser.on("error", () => {
    broken = true;
    // A parser that failed without destroying itself would leave its current part hanging.
    parser.destroy();
    // Whatever else the client sends is read and dropped, so the answer still reaches it.
    body.unpipe(parser);
    body.resume();
    finish();
  });

  const body = Readable.fromWeb(request.body as NodeReadableStream);
  body.on("error", (error) => {
    broken = true;
    // Fails the part being received (busboy destroys its stream with this error): its receiver
    // aborts the store it was writing to.
    parser.destroy(error);
    finish();
  });
  body.pipe(parser);

  await parsed;
  const settled = await Promise.all(outcomes);
  const failed = settled.find((o): o is Extract<PartOutcome<T>, { kind: "failed" }> => o.kind === "failed");
  if (broken || nul || tooManyFiles || failed) {
    const failure = broken
      ? unreadable()
      : nul
        ? new AppError("INVALID", "invalid_characters")
        : tooManyFiles
          ? new AppError("INVALID", "too_many_files", { params: { max: limits.maxFiles } })
          : failed!.error;
    await Promise.all(
      settled.map((o) =>
        o.kind === "received"
          ? receiver.discard(o.value).catch((error: unknown) => log.error({ err: error }, "Could not remove a received file of a refused request"))
          : undefined,
      ),
    );
    throw failure;
  }
  return { fields, files: settled.flatMap((o) => (o.kind === "received" ? [o.value] : [])) };
}

/**
 * One file part: its bytes go through a stream of their own to the receiver, which fails once
 * the part passes the limit. Backpressure reaches the parser (and so the request), so a slow
 * store slows the upload instead of filling memory. Whatever the receiver leaves unread (it gave
 * up, or the limit was passed) is dropped and counted, so the parser moves on to the next part.
 */
function receivePart<T>(field: string, source: Readable, filename: string, maxBytes: number, receiver: FileReceiver<T>): Promise<PartOutcome<T>> {
  const stream = new PassThrough();
  let size = 0;
  let tooLarge = false;
  let gone = false;
  let started = false;
  let endedWith!: (value: { size: number; tooLarge: boolean }) => void;
  const ended = new Promise<{ size: number; tooLarge: boolean }>((resolve) => (endedWith = resolve));
  let outcomeIs!: (outcome: PartOutcome<T>) => void;
  const outcome = new Promise<PartOutcome<T>>((resolve) => (outcomeIs = resolve));

  const start = () => {
    if (started) return;
    started = true;
    Promise.resolve()
      .then(() => receiver.receive({ field, name: cleanFileName(filename), stream, ended }))
      .then(
        (value) => {
          stream.destroy();
          outcomeIs({ kind: "received", value });
        },
        (error: unknown) => {
          stream.destroy();
          outcomeIs({ kind: "failed", error });
        },
      );
  };
  const cutOff = () => {
    tooLarge = true;
    start();
    stream.destroy(new FileRefusal("too_large"));
  };

  stream.on("drain", () => source.resume());
  // The receiver stopped reading (or was cut off): the rest of the part is dropped.
  stream.on("close", () => source.resume());
  source.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes && !tooLarge) cutOff();
    if (stream.destroyed) return;
    start();
    if (!stream.write(chunk)) source.pause();
  });
  // Busboy stops the part one byte past the limit and says so, possibly before the bytes it holds
  // have come by as data: the receiver's stream fails at once either way.
  source.on("limit", () => {
    if (!tooLarge) cutOff();
  });
  const over = (error?: Error) => {
    if (gone) return;
    gone = true;
    endedWith({ size, tooLarge });
    if (error) {
      if (started) stream.destroy(error);
      else outcomeIs({ kind: "none" });
    } else if (!started && !filename && size === 0) {
      // An empty file input still sends a part with no name and no bytes: not a file.
      outcomeIs({ kind: "none" });
    } else {
      start();
      if (!stream.destroyed) stream.end();
    }
  };
  source.on("end", () => over());
  source.on("error", (error: Error) => over(error));
  source.on("close", () => over(new Error("The upload broke off.")));
  return outcome;
}

/** A display name: the last path segment, control characters removed, at most 200 characters. */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (base || "datei").slice(0, 200);
}

export type FileKind = "jpeg" | "png" | "gif" | "webp" | "pdf" | "text" | "doc" | "docx";

export interface DetectedFile {
  kind: FileKind;
  /** The extension the server stores it under. */
  ext: string;
  mime: string;
}

const KINDS: Record<FileKind, { ext: string; mime: string; names: string[] }> = {
  jpeg: { ext: "jpg", mime: "image/jpeg", names: ["jpg", "jpeg", "jfif", "jpe"] },
  png: { ext: "png", mime: "image/png", names: ["png"] },
  gif: { ext: "gif", mime: "image/gif", names: ["gif"] },
  webp: { ext: "webp", mime: "image/webp", names: ["webp"] },
  pdf: { ext: "pdf", mime: "application/pdf", names: ["pdf"] },
  text: { ext: "txt", mime: "text/plain", names: ["txt", "text", "csv", "log", "md"] },
  doc: { ext: "doc", mime: "application/msword", names: ["doc"] },
  docx: {
    ext: "docx",
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    names: ["docx"],
  },
};

export const IMAGE_KINDS: readonly FileKind[] = ["jpeg", "png", "gif", "webp"];

/**
 * Whether bytes are a JPEG, PNG, GIF or WebP picture, whatever the file was called. For images
 * that are re-encoded (avatar, gallery, service images): they are stored as WebP under a name of
 * ours, so the original name misleads nobody, and a phone's "IMG_0001.jpg" that is really a PNG
 * is a picture like any other. Files passed on as they are (chat, tickets, deliveries) keep
 * detectFile's rule that the name must agree.
 */
export async function isImageBytes(data: Buffer): Promise<boolean> {
  const found = data.length > 0 ? await fileTypeFromBuffer(data) : undefined;
  const kind = found ? KIND_OF_MIME[found.mime] : undefined;
  return kind !== undefined && IMAGE_KINDS.includes(kind);
}

/**
 * What a file really is, from its bytes. The name only has to agree: a PNG named ".pdf" or an
 * HTML page named ".png" is refused (null), because the name would mislead the recipient.
 * Plain text is valid UTF-8 without NUL bytes that does not look like markup.
 */
export async function detectFile(data: Buffer, name: string): Promise<DetectedFile | null> {
  const detected = await detectFromHead(data, name);
  if (detected?.kind === "text") {
    const text = new PlainTextCheck();
    if (!text.push(data) || !text.end()) return null;
  }
  return detected;
}

/**
 * How much of a streamed file is read before its type is judged. The kinds accepted here are
 * known from their first few bytes; a .docx (a zip) is known from its first entry,
 * [Content_Types].xml, which Word and other producers write first and which is a few KB.
 */
export const DETECT_HEAD_BYTES = 64 * 1024;

export interface StreamedFile {
  detected: DetectedFile;
  /**
   * All the bytes (the head included), to pipe into a store. It fails with
   * `FileRefusal("wrong_type")` as soon as a later byte shows the file is not what its head said
   * (text that turns out not to be UTF-8, or to hold a NUL), and with the incoming stream's own
   * error (too large, the request broke off), so the store aborts.
   */
  body: Readable;
  /** Bytes passed on so far: the file's size once `body` has ended. */
  size(): number;
  /** Why `body` failed, if it did. */
  failure(): unknown;
}

/**
 * Judges a streaming file like detectFile, from its first DETECT_HEAD_BYTES (or all of a smaller
 * file), and passes the bytes on as they arrive; what only the whole file can tell (plain text
 * is UTF-8 throughout) is checked on the way. Null when the head already tells the file is
 * refused; its stream is then left as it is, for the caller to drop.
 */
export async function detectStreamedFile({ name, stream }: Pick<IncomingFile, "name" | "stream">): Promise<StreamedFile | null> {
  const chunks = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headSize = 0;
  let complete = false;
  while (headSize < DETECT_HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      complete = true;
      break;
    }
    head.push(next.value);
    headSize += next.value.length;
  }
  const first = Buffer.concat(head);
  // Judged from exactly the head, however the bytes happened to be chunked.
  const detected = await detectFromHead(first.subarray(0, DETECT_HEAD_BYTES), name);
  if (!detected) return null;
  const text = detected.kind === "text" ? new PlainTextCheck() : null;
  if (text && (!text.push(first) || (complete && !text.end()))) return null;

  let size = 0;
  let failure: unknown;
  async function* all(): AsyncGenerator<Buffer> {
    let done = complete;
    try {
      size += first.length;
      yield first;
      while (!done) {
        const next = await chunks.next();
        if (next.done) {
          done = true;
          break;
        }
        if (text && !text.push(next.value)) throw new FileRefusal("wrong_type");
        size += next.value.length;
        yield next.value;
      }
      if (text && !complete && !text.end()) throw new FileRefusal("wrong_type");
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      // Abandoned (the store gave up) or refused: stop reading; the reader drops the rest.
      if (!done) await chunks.return?.();
    }
  }
  return { detected, body: Readable.from(all(), { objectMode: false }), size: () => size, failure: () => failure };
}

const KIND_OF_MIME: Record<string, FileKind> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/x-cfb": "doc",
};

/**
 * The kind the first bytes tell, with the name agreeing. A head without a known signature can
 * only be text, which the caller still has to check (PlainTextCheck) over the whole file.
 */
async function detectFromHead(head: Buffer, name: string): Promise<DetectedFile | null> {
  if (head.length === 0) return null;
  const found = await fileTypeFromBuffer(head);
  const kind: FileKind | null = found ? (KIND_OF_MIME[found.mime] ?? null) : "text";
  if (!kind) return null;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  // A name without an extension is accepted for binary kinds; text must say it is text.
  if (ext ? !KINDS[kind].names.includes(ext) : kind === "text") return null;
  return { kind, ext: KINDS[kind].ext, mime: KINDS[kind].mime };
}

/** How far into a text the markup checks look (characters). */
const MARKUP_WINDOW = 65536;

/**
 * Plain text, checked chunk by chunk as it streams: valid UTF-8 throughout (a character split
 * between chunks is fine), no NUL byte, and no markup at its start: a browser could render
 * markup as a page. push() answers false as soon as a chunk breaks a rule; end() checks what
 * only the end can tell (a character cut off by the end of the file).
 */
class PlainTextCheck {
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  /** The first MARKUP_WINDOW characters, until the markup checks have run. */
  private start: string | null = "";

  push(chunk: Buffer): boolean {
    if (chunk.includes(0)) return false;
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      return false;
    }
    if (this.start === null) return true;
    this.start += text;
    return this.start.length < MARKUP_WINDOW || this.markupChecked();
  }

  end(): boolean {
    let rest: string;
    try {
      rest = this.decoder.decode();
    } catch {
      return false;
    }
    if (this.start === null) return true;
    this.start += rest;
    return this.markupChecked();
  }

  private markupChecked(): boolean {
    const start = this.start!.slice(0, MARKUP_WINDOW);
    this.start = null;
    const head = start.slice(0, 2048).trimStart().toLowerCase();
    if (/^(<!doctype|<html|<\?xml|<svg|<script|<head|<body|<iframe)/.test(head)) return false;
    return !/<script[\s>]/i.test(start);
  }
}
