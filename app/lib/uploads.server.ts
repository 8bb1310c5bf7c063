import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import { AppError } from "./errors";
import { hasNul } from "./forms.server";

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

export interface MultipartBody {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

export interface MultipartLimits {
  /** Largest accepted file in bytes; a bigger one is cut off while it streams. */
  maxFileBytes: number;
  /** Most files accepted in one request; more is a client mistake. */
  maxFiles: number;
}

const unreadable = () => new AppError("INVALID", "unreadable_form");

/**
 * Reads a multipart/form-data request as it streams. A file beyond `maxFileBytes` is cut off:
 * its bytes are dropped as soon as the limit is passed (never buffered, never stored) and it is
 * reported as `tooLarge`, so the caller answers with its own message. Plain urlencoded forms are
 * read too, so one action can serve both kinds of submission.
 */
export async function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartBody> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) {
    if (contentType.startsWith("application/x-www-form-urlencoded")) {
      const text = await request.text();
      const fields = Object.fromEntries(new URLSearchParams(text));
      if (Object.values(fields).some(hasNul)) throw new AppError("INVALID", "invalid_characters");
      return { fields, files: [] };
    }
    throw unreadable();
  }
  if (!request.body) throw unreadable();

  return new Promise<MultipartBody>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        // One byte more than allowed is read, so "exactly the limit" and "over it" can be told apart.
        limits: { fileSize: limits.maxFileBytes + 1, files: limits.maxFiles, fields: 50, fieldSize: 64 * 1024, parts: 60 },
        defParamCharset: "utf8",
      });
    } catch {
      reject(unreadable());
      return;
    }
    const fields: Record<string, string> = {};
    const files: ReceivedFile[] = [];
    const pending: Promise<void>[] = [];
    let tooManyFiles = false;

    let nul = false;
    parser.on("field", (name, value) => {
      if (hasNul(value)) nul = true;
      fields[name] = value;
    });
    parser.on("file", (field, stream, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      pending.push(
        new Promise<void>((done, fail) => {
          stream.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > limits.maxFileBytes) {
              tooLarge = true;
              chunks.length = 0;
            }
            if (!tooLarge) chunks.push(chunk);
          });
          stream.on("limit", () => {
            tooLarge = true;
            chunks.length = 0;
          });
          stream.on("error", fail);
          stream.on("end", () => {
            // An empty file input still sends a part with no name and no bytes: not a file.
            if (info.filename || size > 0) {
              files.push({
                field,
                name: cleanFileName(info.filename ?? ""),
                size: tooLarge ? limits.maxFileBytes + 1 : size,
                tooLarge,
                data: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks),
              });
            }
            done();
          });
        }),
      );
    });
    parser.on("filesLimit", () => {
      tooManyFiles = true;
    });
    parser.on("error", () => reject(unreadable()));
    parser.on("close", () => {
      Promise.all(pending).then(
        () => {
          if (nul) reject(new AppError("INVALID", "invalid_characters"));
          else if (tooManyFiles) reject(new AppError("INVALID", "too_many_files", { params: { max: limits.maxFiles } }));
          else resolve({ fields, files });
        },
        () => reject(unreadable()),
      );
    });

    const body = Readable.fromWeb(request.body as NodeReadableStream);
    body.on("error", () => reject(unreadable()));
    body.pipe(parser);
  });
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
 * What a file really is, from its bytes. The name only has to agree: a PNG named ".pdf" or an
 * HTML page named ".png" is refused (null), because the name would mislead the recipient.
 * Plain text is valid UTF-8 without NUL bytes that does not look like markup.
 */
export async function detectFile(data: Buffer, name: string): Promise<DetectedFile | null> {
  const kind = await kindFromBytes(data);
  if (!kind) return null;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  // A name without an extension is accepted for binary kinds; text must say it is text.
  if (ext ? !KINDS[kind].names.includes(ext) : kind === "text") return null;
  return { kind, ext: KINDS[kind].ext, mime: KINDS[kind].mime };
}

async function kindFromBytes(data: Buffer): Promise<FileKind | null> {
  if (data.length === 0) return null;
  const found = await fileTypeFromBuffer(data);
  if (found) {
    switch (found.mime) {
      case "image/jpeg":
        return "jpeg";
      case "image/png":
        return "png";
      case "image/gif":
        return "gif";
      case "image/webp":
        return "webp";
      case "application/pdf":
        return "pdf";
      case "application/vnd.openxmlformats-officedocument.wordprocessingml.document":
        return "docx";
      case "application/x-cfb":
        return "doc";
      default:
        return null;
    }
  }
  return isPlainText(data) ? "text" : null;
}

function isPlainText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return false;
  }
  const head = text.slice(0, 2048).trimStart().toLowerCase();
  // Markup is not "plain text": a browser could render it as a page.
  if (/^(<!doctype|<html|<\?xml|<svg|<script|<head|<body|<iframe)/.test(head)) return false;
  if (/<script[\s>]/i.test(text.slice(0, 65536))) return false;
  return true;
}
