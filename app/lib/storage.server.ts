import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "./env.server";
import { createS3Storage } from "./storage/s3.server";
import { assertKey, contentTypeOf, isInlineType, type FileStorage, type StoredFile } from "./storage/shared.server";

// The interface, the key rules and the content types live in storage/shared.server.ts (the S3
// store needs them too); every importer keeps importing them from here.
export * from "./storage/shared.server";

/** Stores files as plain files below a root folder; writes go to a temporary name, then rename. */
export function createLocalStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    async ping() {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fs.constants.R_OK | fs.constants.W_OK);
    },
    async put(key, data) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomUUID()}.part`;
      let out: fs.WriteStream | undefined;
      try {
        if (Buffer.isBuffer(data)) await fsp.writeFile(temp, data);
        else {
          out = fs.createWriteStream(temp, { flags: "wx" });
          await pipeline(data, out);
        }
        await fsp.rename(temp, file);
      } catch (error) {
        // The pipeline fails as soon as the incoming stream does, but a file stream that had not
        // opened its file yet still opens (creates) it before closing: remove it after that.
        const stream = out;
        if (stream && !stream.closed) await new Promise<void>((resolve) => stream.once("close", () => resolve()));
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const stat = await fsp.stat(file);
        if (!stat.isFile()) return null;
        return { body: fs.createReadStream(file), size: stat.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      const trimmed = prefix.replace(/\/+$/, "");
      await fsp.rm(fileOf(trimmed), { recursive: true, force: true });
    },
    async modifiedAt(key) {
      const stat = await fsp.stat(fileOf(key)).catch(() => null);
      return stat?.isFile() ? stat.mtime : null;
    },
    async *list(prefix) {
      const start = fileOf(prefix.replace(/\/+$/, ""));
      async function* walk(dir: string, keyPrefix: string): AsyncGenerator<StoredFile> {
        let entries: fs.Dirent[];
        try {
          entries = await fsp.readdir(dir, { withFileTypes: true });
        } catch {
          return; // no such folder yet
        }
        for (const entry of entries) {
          const key = `${keyPrefix}/${entry.name}`;
          const file = path.join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(file, key);
          else if (entry.isFile()) {
            const stat = await fsp.stat(file).catch(() => null);
            if (stat) yield { key, modifiedAt: stat.mtime };
          }
        }
      }
      yield* walk(start, prefix.replace(/\/+$/, ""));
    },
  };
}

let current: FileStorage | undefined;

/** The storage of this process: the S3 bucket when `S3_*` is configured, else DATA_DIR/storage. */
export function getStorage(): FileStorage {
  if (!current) {
    const config = env();
    current = config.s3 ? createS3Storage(config.s3) : createLocalStorage(localStorageRoot(config.dataDir));
  }
  return current;
}

/** Where the local store keeps its files (also the source of `admin storage migrate`). */
export function localStorageRoot(dataDir: string): string {
  return path.join(dataDir, "storage");
}

/**
 * Serves a stored file with the headers the security baseline asks for: the right Content-Type
 * and `attachment` for anything not an image or PDF (nosniff is set on every response by the host,
 * server/security-headers.ts).
 */
export async function serveStoredFile(
  storage: FileStorage,
  key: string,
  { downloadName, cache }: { downloadName?: string | null; cache: "public" | "private" },
): Promise<Response> {
  const file = await storage.get(key);
  if (!file) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const contentType = contentTypeOf(key);
  const name = downloadName ?? key.slice(key.lastIndexOf("/") + 1);
  const disposition = `${isInlineType(contentType) ? "inline" : "attachment"}; filename="${asciiName(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": disposition,
      // A stored file never runs as a page of this site, even if opened directly. PDFs get no
      // sandbox: browsers' PDF viewers refuse to run in one (nosniff keeps them from being HTML).
      ...(contentType === "application/pdf"
        ? { "Content-Security-Policy": "frame-ancestors 'none'" }
        : { "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'" }),
      "Cache-Control": cache === "public" ? "public, max-age=300" : "private, no-store",
    },
  });
}

function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
}
