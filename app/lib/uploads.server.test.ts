import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalStorage, isValidKey, keyFromPublicUrl, serveStoredFile } from "./storage.server";
import { Readable } from "node:stream";
import { AppError } from "./errors";
import { detectFile, detectStreamedFile, FileRefusal, readMultipart, streamMultipart } from "./uploads.server";
import { docxBytes, pdfBytes, pngBytes } from "../../tests/support/files";
import { multipartRequest, pulledMultipartRequest } from "../../tests/support/multipart";

describe("readMultipart", () => {
  it("reads fields and files", async () => {
    const body = await readMultipart(
      multipartRequest([
        { field: "text", data: "Hallo" },
        { field: "file", name: "a.txt", data: "Inhalt" },
      ]),
      { maxFileBytes: 100, maxFiles: 1 },
    );
    expect(body.fields).toEqual({ text: "Hallo" });
    expect(body.files).toHaveLength(1);
    expect(body.files[0]).toMatchObject({ field: "file", name: "a.txt", size: 6, tooLarge: false });
    expect(body.files[0]!.data.toString()).toBe("Inhalt");
  });

  it("accepts a file of exactly the limit and cuts off one byte more", async () => {
    const exact = await readMultipart(multipartRequest([{ field: "f", name: "a.txt", data: Buffer.alloc(1000, 97) }]), {
      maxFileBytes: 1000,
      maxFiles: 1,
    });
    expect(exact.files[0]).toMatchObject({ tooLarge: false, size: 1000 });
    const over = await readMultipart(multipartRequest([{ field: "f", name: "a.txt", data: Buffer.alloc(1001, 97) }]), {
      maxFileBytes: 1000,
      maxFiles: 1,
    });
    expect(over.files[0]).toMatchObject({ tooLarge: true });
    expect(over.files[0]!.data.length).toBe(0);
  });

  it("refuses a body that is not a form, and too many files", async () => {
    await expect(readMultipart(new Request("http://x/", { method: "POST", body: "{}" }), { maxFileBytes: 1, maxFiles: 1 })).rejects.toMatchObject({
      code: "INVALID",
    });
    await expect(
      readMultipart(
        multipartRequest([
          { field: "f", name: "a.txt", data: "a" },
          { field: "f", name: "b.txt", data: "b" },
        ]),
        { maxFileBytes: 10, maxFiles: 1 },
      ),
    ).rejects.toMatchObject({ code: "INVALID" });
  });

  it("ignores an empty file input", async () => {
    const body = await readMultipart(multipartRequest([{ field: "f", name: "", data: "" }]), { maxFileBytes: 10, maxFiles: 1 });
    expect(body.files).toEqual([]);
  });
});

/** Reads a stream to its end (or its error). */
async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe("streamMultipart", () => {
  const limits = { maxFileBytes: 10 * 1024 * 1024, maxFiles: 1 };

  it("hands a file over while it streams: its first bytes arrive long before the body was read to its end", async () => {
    const data = Buffer.alloc(8 * 1024 * 1024, 97);
    const { request, progress } = pulledMultipartRequest([{ field: "file", name: "a.txt", data }, { field: "text", data: "Hallo" }]);
    let atFirstChunk: { read: number; finished: boolean } | undefined;
    const body = await streamMultipart(request, limits, {
      async receive({ stream }) {
        let size = 0;
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          atFirstChunk ??= { ...progress };
          size += chunk.length;
        }
        return size;
      },
      discard: () => Promise.reject(new Error("nothing is discarded")),
    });
    expect(body).toEqual({ fields: { text: "Hallo" }, files: [data.length] });
    // Backpressure: the reader is never far ahead of the receiver (a buffering reader would have
    // read all 8 MB first).
    expect(atFirstChunk).toMatchObject({ finished: false });
    expect(atFirstChunk!.read).toBeLessThan(1024 * 1024);
  });

  it("fails the receiver's stream once the file passes the limit; the request is refused with the receiver's error once read", async () => {
    const { request, progress } = pulledMultipartRequest([
      { field: "file", name: "a.txt", data: Buffer.alloc(2000, 97) },
      { field: "text", data: "danach" },
    ]);
    let seen: unknown;
    let ended: unknown;
    const refused = await streamMultipart(request, { maxFileBytes: 1000, maxFiles: 1 }, {
      async receive(file) {
        seen = await readAll(file.stream).catch((error: unknown) => error);
        ended = await file.ended;
        throw new Error("refused by the receiver");
      },
      discard: () => Promise.reject(new Error("nothing is discarded")),
    }).catch((error: unknown) => error);
    expect(seen).toBeInstanceOf(FileRefusal);
    expect(seen).toMatchObject({ why: "too_large" });
    expect(ended).toEqual({ size: 1001, tooLarge: true });
    expect(refused).toMatchObject({ message: "refused by the receiver" });
    expect(progress.finished).toBe(true);
  });

  it("discards what was received when the request is refused after it (a NUL in a later field, one file too many)", async () => {
    for (const parts of [
      [{ field: "file", name: "a.txt", data: "Inhalt" }, { field: "text", data: "a\0b" }],
      [{ field: "file", name: "a.txt", data: "Inhalt" }, { field: "file", name: "b.txt", data: "mehr" }],
    ]) {
      const discarded: string[] = [];
      const refused = await streamMultipart(multipartRequest(parts), limits, {
        receive: async ({ name, stream }) => `${name}:${(await readAll(stream)).toString()}`,
        discard: async (received) => void discarded.push(received),
      }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: "INVALID" });
      expect(discarded).toEqual(["a.txt:Inhalt"]);
    }
  });

  it.each(["error", "end"] as const)("fails the file being received when the body breaks off (%s), discards what was received, and refuses the request as unreadable", async (breakWith) => {
    const { request } = pulledMultipartRequest(
      [
        { field: "first", name: "a.txt", data: "ganz" },
        { field: "second", name: "b.txt", data: Buffer.alloc(512 * 1024, 97) },
      ],
      { chunkBytes: 16 * 1024, breakAfter: 256 * 1024, breakWith },
    );
    const outcomes: unknown[] = [];
    const discarded: string[] = [];
    const refused = await streamMultipart(request, { ...limits, maxFiles: 2 }, {
      async receive({ name, stream }) {
        const read = await readAll(stream).catch((error: unknown) => error);
        outcomes.push(read);
        if (read instanceof Error) throw read;
        return name;
      },
      discard: async (received) => void discarded.push(received),
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "INVALID", reason: "unreadable_form" });
    expect(outcomes[1]).toBeInstanceOf(Error);
    expect(discarded).toEqual(["a.txt"]);
  });

  it("drops what a receiver leaves unread and reads the fields after it; an empty file input is no file", async () => {
    const body = await streamMultipart(
      multipartRequest([
        { field: "empty", name: "", data: "" },
        { field: "file", name: "a.txt", data: Buffer.alloc(300 * 1024, 97) },
        { field: "text", data: "Hallo" },
      ]),
      { ...limits, maxFiles: 2 },
      { receive: async ({ field }) => field, discard: async () => {} },
    );
    expect(body).toEqual({ fields: { text: "Hallo" }, files: ["file"] });
  });
});

describe("detectStreamedFile", () => {
  const incoming = (name: string, ...chunks: Buffer[]) => ({ name, stream: Readable.from(chunks, { objectMode: false }) });

  it("judges the type from the head and passes every byte on", async () => {
    const pdf = Buffer.concat([pdfBytes(), Buffer.alloc(200 * 1024, 32)]);
    const streamed = await detectStreamedFile(incoming("angebot.pdf", pdf.subarray(0, 1000), pdf.subarray(1000)));
    expect(streamed?.detected).toMatchObject({ kind: "pdf", mime: "application/pdf" });
    expect((await readAll(streamed!.body)).equals(pdf)).toBe(true);
    expect(streamed!.size()).toBe(pdf.length);
    expect(await detectStreamedFile(incoming("bild.pdf", await pngBytes()))).toBeNull();
    expect(await detectStreamedFile(incoming("seite.txt", Buffer.from("<html><body>x</body></html>")))).toBeNull();
  });

  it("knows a .docx from its head, also when a large picture follows", async () => {
    const docx = docxBytes(3 * 1024 * 1024);
    const streamed = await detectStreamedFile(incoming("brief.docx", ...chunked(docx, 16 * 1024)));
    expect(streamed?.detected.kind).toBe("docx");
    expect((await readAll(streamed!.body)).equals(docx)).toBe(true);
    expect(await detectFile(docx, "brief.docx")).toMatchObject({ kind: "docx" });
  });

  it("text: UTF-8 throughout (a character split between chunks is fine); a bad byte or a NUL after the head fails the stream", async () => {
    const good = Buffer.from("Grüße aus Köln ✓ ".repeat(10_000));
    const streamed = await detectStreamedFile(incoming("notiz.txt", ...chunked(good, 1001)));
    expect(streamed?.detected.kind).toBe("text");
    expect((await readAll(streamed!.body)).equals(good)).toBe(true);

    for (const bad of [Buffer.from([0xff, 0xfe]), Buffer.from([0]), Buffer.from([0xc3])]) {
      const text = Buffer.concat([Buffer.alloc(200 * 1024, 97), bad, Buffer.alloc(1000, 97)]);
      const cutShort = bad[0] === 0xc3 ? Buffer.concat([Buffer.alloc(200 * 1024, 97), bad]) : text;
      const later = await detectStreamedFile(incoming("notiz.txt", ...chunked(cutShort, 16 * 1024)));
      expect(later?.detected.kind).toBe("text");
      const failed = await readAll(later!.body).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(FileRefusal);
      expect(later!.failure()).toMatchObject({ why: "wrong_type" });
      expect(await detectFile(cutShort, "notiz.txt")).toBeNull();
    }
  });

  it("text: a script tag within the first 64K characters is found even when it comes after the head's bytes", async () => {
    // Two-byte characters: 64 KB of bytes are only 32K characters.
    const text = Buffer.concat([Buffer.from("ä".repeat(40_000)), Buffer.from("<script>alert(1)</script>")]);
    const streamed = await detectStreamedFile(incoming("notiz.txt", ...chunked(text, 16 * 1024)));
    expect(streamed?.detected.kind).toBe("text");
    await expect(readAll(streamed!.body)).rejects.toBeInstanceOf(FileRefusal);
    expect(await detectFile(text, "notiz.txt")).toBeNull();
  });
});

function chunked(data: Buffer, size: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let i = 0; i < data.length; i += size) chunks.push(data.subarray(i, i + size));
  return chunks;
}

describe("detectFile", () => {
  it("takes the type from the bytes and requires the name to agree", async () => {
    const png = await pngBytes();
    expect(await detectFile(png, "bild.png")).toMatchObject({ kind: "png", ext: "png", mime: "image/png" });
    expect(await detectFile(png, "rechnung.pdf")).toBeNull();
    expect(await detectFile(Buffer.from("<!DOCTYPE html><script>alert(1)</script>"), "bild.png")).toBeNull();
    expect(await detectFile(Buffer.from("<html><body>x</body></html>"), "notiz.txt")).toBeNull();
    expect(await detectFile(Buffer.from("Ganz normaler Text äöü"), "notiz.txt")).toMatchObject({ kind: "text", ext: "txt" });
    expect(await detectFile(pdfBytes(), "a.pdf")).toMatchObject({ kind: "pdf" });
    expect(await detectFile(Buffer.from([0, 1, 2, 3]), "a.txt")).toBeNull();
    expect(await detectFile(Buffer.alloc(0), "a.txt")).toBeNull();
  });
});

describe("local storage", () => {
  it("stores, serves with safe headers, and deletes by key and prefix", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "storage-"));
    const storage = createLocalStorage(root);
    await storage.put("chat-attachments/u1/1-a.txt", Buffer.from("hallo"));
    await storage.put("gallery/u1/gallery/2-b.png", await pngBytes());

    const text = await serveStoredFile(storage, "chat-attachments/u1/1-a.txt", { downloadName: "Notiz.txt", cache: "private" });
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(text.headers.get("content-disposition")).toMatch(/^attachment; filename="Notiz.txt"/);
    expect(await text.text()).toBe("hallo");

    const image = await serveStoredFile(storage, "gallery/u1/gallery/2-b.png", { cache: "public" });
    expect(image.headers.get("content-disposition")).toMatch(/^inline/);
    expect(text.headers.get("content-security-policy")).toContain("sandbox");
    expect(image.headers.get("content-security-policy")).toContain("sandbox");
    await storage.put("chat-attachments/u1/3-c.pdf", pdfBytes());
    const pdf = await serveStoredFile(storage, "chat-attachments/u1/3-c.pdf", { downloadName: "Angebot.pdf", cache: "private" });
    // Inline, and without a sandbox, which would keep the browser's PDF viewer from running.
    expect(pdf.headers.get("content-disposition")).toMatch(/^inline; filename="Angebot.pdf"/);
    expect(pdf.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");

    await storage.deletePrefix("gallery/u1");
    expect(await storage.get("gallery/u1/gallery/2-b.png")).toBeNull();
    await storage.delete("chat-attachments/u1/1-a.txt");
    expect((await serveStoredFile(storage, "chat-attachments/u1/1-a.txt", { cache: "private" })).status).toBe(404);
    await fs.rm(root, { recursive: true, force: true });
  });

  it("accepts only safe keys", () => {
    expect(isValidKey("avatars/u1/avatar.png")).toBe(true);
    expect(isValidKey("../etc/passwd")).toBe(false);
    expect(isValidKey("avatars/../../x")).toBe(false);
    expect(isValidKey("/avatars/u1")).toBe(false);
    expect(keyFromPublicUrl("/storage/avatars/u1/avatar.png")).toBe("avatars/u1/avatar.png");
    expect(keyFromPublicUrl("/storage/chat-attachments/u1/1.png")).toBeNull();
  });
});
