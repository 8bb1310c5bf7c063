import { HeadObjectCommand } from "@aws-sdk/client-s3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../../../tests/support/s3rver";
import { createLocalStorage, serveStoredFile, type FileStorage } from "../storage.server";
import { createS3Storage } from "./s3.server";

// One contract, two stores: the local disk and an S3 bucket on a real S3-protocol server (s3rver).
// The S3 store lists and deletes in pages of 3 here, so "many" files span several pages.
const PAGE = 3;
let s3: TestS3;
const tempDirs: string[] = [];
let bucketCount = 0;

beforeAll(async () => {
  s3 = await startTestS3(Array.from({ length: 20 }, (_, i) => `contract-${i}`));
});
afterAll(async () => {
  await s3?.stop();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mp-contract-"));
  tempDirs.push(dir);
  return dir;
}

interface StoreUnderTest {
  name: string;
  /** A fresh, empty store. */
  make(): FileStorage;
  /** The same kind of store whose backing (folder, bucket) is not there and cannot be made. */
  missing(): FileStorage;
}

const stores: StoreUnderTest[] = [
  {
    name: "local disk",
    make: () => createLocalStorage(path.join(tempDir(), "storage")),
    missing: () => {
      const file = path.join(tempDir(), "a-file");
      fs.writeFileSync(file, "not a folder");
      return createLocalStorage(path.join(file, "storage"));
    },
  },
  {
    name: "S3 (s3rver)",
    make: () => createS3Storage(s3.config(`contract-${bucketCount++}`), { pageSize: PAGE }),
    missing: () => createS3Storage(s3.config("no-such-bucket"), { pageSize: PAGE }),
  },
];

async function text(storage: FileStorage, key: string): Promise<string | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  const body = Buffer.concat(chunks);
  expect(file.size).toBe(body.length);
  return body.toString("utf8");
}

async function keys(storage: FileStorage, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for await (const file of storage.list(prefix)) found.push(file.key);
  return found.sort();
}

describe.each(stores)("FileStorage contract: $name", (store) => {
  it("stores bytes and reads them back with their size", async () => {
    const storage = store.make();
    await storage.put("chat-attachments/u1/1-a.txt", Buffer.from("Grüße"));
    expect(await text(storage, "chat-attachments/u1/1-a.txt")).toBe("Grüße");
  });

  it("answers null (not an error) for a missing file, and deleting one is fine", async () => {
    const storage = store.make();
    expect(await storage.get("avatars/nobody/avatar.webp")).toBeNull();
    expect(await storage.modifiedAt("avatars/nobody/avatar.webp")).toBeNull();
    await expect(storage.delete("avatars/nobody/avatar.webp")).resolves.toBeUndefined();
    await expect(storage.deletePrefix("avatars/nobody")).resolves.toBeUndefined();
    expect(await keys(storage, "avatars/nobody")).toEqual([]);
  });

  it("replaces a file put again under the same key", async () => {
    const storage = store.make();
    await storage.put("avatars/u1/avatar.webp", Buffer.from("the first, longer version"));
    await storage.put("avatars/u1/avatar.webp", Buffer.from("second"));
    expect(await text(storage, "avatars/u1/avatar.webp")).toBe("second");
    expect(await keys(storage, "avatars")).toEqual(["avatars/u1/avatar.webp"]);
  });

  it("stores a stream, and a stream that fails part-way leaves the old file (or none)", async () => {
    const storage = store.make();
    await storage.put("chat-attachments/u1/2-b.txt", Readable.from([Buffer.from("ab"), Buffer.from("cd")]));
    expect(await text(storage, "chat-attachments/u1/2-b.txt")).toBe("abcd");
    const failing = () =>
      new Readable({
        read() {
          this.push(Buffer.from("partial"));
          this.destroy(new Error("client went away"));
        },
      });
    await expect(storage.put("chat-attachments/u1/2-b.txt", failing())).rejects.toThrow();
    await expect(storage.put("chat-attachments/u1/3-c.txt", failing())).rejects.toThrow();
    expect(await text(storage, "chat-attachments/u1/2-b.txt")).toBe("abcd");
    expect(await storage.get("chat-attachments/u1/3-c.txt")).toBeNull();
    expect(await keys(storage, "chat-attachments")).toEqual(["chat-attachments/u1/2-b.txt"]);
  });

  it("a large stream (several S3 parts) that fails part-way leaves nothing, not even a temporary file", async () => {
    const storage = store.make();
    const failingLate = () =>
      Readable.from(
        (async function* () {
          for (let i = 0; i < 7; i++) yield Buffer.alloc(1024 * 1024, 97);
          throw new Error("client went away");
        })(),
        { objectMode: false },
      );
    await expect(storage.put("chat-attachments/u1/4-d.txt", failingLate())).rejects.toThrow();
    expect(await storage.get("chat-attachments/u1/4-d.txt")).toBeNull();
    expect(await keys(storage, "chat-attachments")).toEqual([]);
  });

  it("tells when a file last changed", async () => {
    const storage = store.make();
    const before = Date.now();
    await storage.put("gallery/u1/gallery/1-a.webp", Buffer.from("x"));
    const changed = await storage.modifiedAt("gallery/u1/gallery/1-a.webp");
    expect(changed).toBeInstanceOf(Date);
    // S3 keeps whole seconds.
    expect(changed!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(changed!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("lists every file below a prefix (more than one page), with its last change, and nothing else", async () => {
    const storage = store.make();
    const gallery = Array.from({ length: 3 * PAGE + 1 }, (_, i) => `gallery/u${i % 2}/gallery/${i}-x.webp`);
    await Promise.all([...gallery, "avatars/u1/avatar.webp", "chat-attachments/u1/1-a.pdf"].map((key) => storage.put(key, Buffer.from(key))));
    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const file of storage.list("gallery")) listed.push(file);
    expect(listed.map((f) => f.key).sort()).toEqual([...gallery].sort());
    for (const file of listed) expect(file.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await keys(storage, "gallery/u1/")).toEqual(gallery.filter((k) => k.startsWith("gallery/u1/")).sort());
    expect(await keys(storage, "gallery/u9")).toEqual([]);
  });

  it("deletes everything below a prefix (in several batches), and only that", async () => {
    const storage = store.make();
    const doomed = Array.from({ length: 2 * PAGE + 2 }, (_, i) => `chat-attachments/u1/${i}-x.txt`);
    const kept = ["chat-attachments/u10/1-x.txt", "avatars/u1/avatar.webp", "gallery/u1/gallery/1-x.webp"];
    await Promise.all([...doomed, ...kept].map((key) => storage.put(key, Buffer.from("x"))));
    await storage.deletePrefix("chat-attachments/u1/");
    expect(await keys(storage, "chat-attachments")).toEqual(["chat-attachments/u10/1-x.txt"]);
    for (const key of kept) expect(await text(storage, key)).toBe("x");
    await storage.delete("avatars/u1/avatar.webp");
    expect(await storage.get("avatars/u1/avatar.webp")).toBeNull();
  });

  it("refuses keys the server would never make", async () => {
    const storage = store.make();
    for (const key of ["../etc/passwd", "/avatars/u1/a.webp", "avatars/../x", "avatars/u1/a b.webp", ""]) {
      await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    }
  });

  it("serves a stored file with its type, length and headers", async () => {
    const storage = store.make();
    await storage.put("chat-attachments/u1/1-a.pdf", Buffer.from("%PDF-1.4 x"));
    const response = await serveStoredFile(storage, "chat-attachments/u1/1-a.pdf", { downloadName: "Rechnung.pdf", cache: "private" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Length")).toBe("10");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toBe("%PDF-1.4 x");
    expect((await serveStoredFile(storage, "chat-attachments/u1/missing.pdf", { cache: "private" })).status).toBe(404);
  });

  it("is ready when its backing is there, and says why not when it is missing", async () => {
    await expect(store.make().ping()).resolves.toBeUndefined();
    await expect(store.missing().ping()).rejects.toThrow();
  });
});

describe("S3 store specifics", () => {
  it("keeps the Content-Type the key's extension tells with each object", async () => {
    const config = s3.config(`contract-${bucketCount++}`);
    const storage = createS3Storage(config);
    await storage.put("avatars/u1/avatar.webp", Buffer.from("RIFF"));
    await storage.put("chat-attachments/u1/1-a.docx", Buffer.from("PK"));
    const head = (Key: string) => storage.client.send(new HeadObjectCommand({ Bucket: config.bucket, Key }));
    expect((await head("avatars/u1/avatar.webp")).ContentType).toBe("image/webp");
    expect((await head("chat-attachments/u1/1-a.docx")).ContentType).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
  });

  it("aborts the multipart upload of a stream that fails after its first part", async () => {
    const storage = createS3Storage(s3.config(`contract-${bucketCount++}`));
    const commands: string[] = [];
    storage.client.middlewareStack.add(
      (next, context) => (args) => {
        commands.push(context.commandName ?? "");
        return next(args);
      },
      { step: "initialize", name: "commandLog" },
    );
    const failing = Readable.from(
      (async function* () {
        for (let i = 0; i < 7; i++) yield Buffer.alloc(1024 * 1024, 97);
        throw new Error("client went away");
      })(),
      { objectMode: false },
    );
    await expect(storage.put("chat-attachments/u1/1-big.pdf", failing)).rejects.toThrow();
    // s3rver itself does not implement AbortMultipartUpload (it answers 405), so its part files
    // stay on its disk; what is checked is that the store asks for the abort.
    expect(commands).toEqual(["CreateMultipartUploadCommand", "UploadPartCommand", "AbortMultipartUploadCommand"]);
    expect(await storage.get("chat-attachments/u1/1-big.pdf")).toBeNull();
  });

  it("streams a file larger than one part (multipart upload) and reads it back whole", async () => {
    const storage = createS3Storage(s3.config(`contract-${bucketCount++}`));
    const big = Buffer.alloc(6 * 1024 * 1024 + 123, 7);
    big.write("start", 0);
    big.write("end", big.length - 3);
    const chunks = [];
    for (let i = 0; i < big.length; i += 64 * 1024) chunks.push(big.subarray(i, i + 64 * 1024));
    await storage.put("chat-attachments/u1/1-big.pdf", Readable.from(chunks));
    const file = await storage.get("chat-attachments/u1/1-big.pdf");
    expect(file?.size).toBe(big.length);
    const read: Buffer[] = [];
    for await (const chunk of file!.body) read.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(read).equals(big)).toBe(true);
  });
});
