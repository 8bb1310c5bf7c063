import { HeadObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline, Transform, type Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage, serveStoredFile, type FileStorage } from "~/lib/storage.server";
import { createS3Storage } from "~/lib/storage/s3.server";
import { pdfBytes } from "../../../tests/support/files";
import { pulledMultipartRequest, type BodyProgress } from "../../../tests/support/multipart";
import { startTestS3, type TestS3 } from "../../../tests/support/s3rver";
import { testEngine } from "../../../tests/support/test-database";
import { getAttachment } from "./attachments.server";
import { chatRequest, file, messagingFixture, type Attachment } from "./messaging.test-support";
import { sendMessage } from "./sending.server";

// Chat attachments stream into the store while the request is read (issue #14). Each case runs
// against both stores: the local disk and an S3 bucket on a real S3-protocol server (s3rver).
const fx = messagingFixture();
const MB = 1024 * 1024;
let s3: TestS3;
let buckets = 0;
const folders: string[] = [];

beforeAll(async () => {
  s3 = await startTestS3(Array.from({ length: 20 }, (_, i) => `chat-${i}`));
});
afterAll(async () => {
  await s3?.stop();
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});

interface Store {
  storage: FileStorage;
  /** Everything the store holds, temporary files and unfinished uploads included. */
  leftovers(): Promise<string[]>;
  /** The Content-Type the store keeps with an object (S3), if it keeps one. */
  storedType(key: string): Promise<string | undefined>;
}

const stores: { name: string; make(): Promise<Store> }[] = [
  {
    name: "local disk",
    async make() {
      const root = await fs.mkdtemp(path.join(os.tmpdir(), "chat-stream-"));
      folders.push(root);
      return {
        storage: createLocalStorage(root),
        // Every file below the root: a `.part` left by an aborted write would show here.
        leftovers: async () => (await fs.readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name),
        storedType: async () => undefined,
      };
    },
  },
  {
    name: "S3 (s3rver)",
    async make() {
      const config = s3.config(`chat-${buckets++}`);
      const storage = createS3Storage(config);
      // Multipart uploads are invisible in listings: every one that was begun must have been
      // completed or aborted.
      const commands: string[] = [];
      storage.client.middlewareStack.add(
        (next, context) => (args) => {
          commands.push(context.commandName ?? "");
          return next(args);
        },
        { step: "initialize", name: "commandLog" },
      );
      return {
        storage,
        async leftovers() {
          const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: config.bucket }));
          const count = (name: string) => commands.filter((c) => c === name).length;
          const unfinished = count("CreateMultipartUploadCommand") - count("CompleteMultipartUploadCommand") - count("AbortMultipartUploadCommand");
          return [...(listed.Contents ?? []).map((o) => o.Key!), ...Array.from({ length: unfinished }, () => "(unfinished multipart upload)")];
        },
        storedType: async (key) => (await storage.client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key }))).ContentType,
      };
    },
  },
];

/** The store, with every stream handed to put() passing a tap that reports its first chunk. */
function tapped(storage: FileStorage, onFirstChunk: () => void): FileStorage & { puts: number } {
  const wrapped = {
    ...storage,
    puts: 0,
    put(key: string, data: Buffer | Readable) {
      wrapped.puts++;
      if (Buffer.isBuffer(data)) return storage.put(key, data);
      let first = true;
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (first) onFirstChunk();
          first = false;
          done(null, chunk);
        },
      });
      // pipeline() passes a failure of the incoming stream on to the tap (pipe() would not).
      return storage.put(key, pipeline(data, tap, () => {}));
    },
  };
  return wrapped;
}

/**
 * A send as the composer posts it (the file, then the text), its body arriving in chunks of
 * 64 KB as from a network connection (a Request made from FormData hands it over in one piece).
 */
function upload(attachment: Attachment, text = "", options: { breakAfter?: number } = {}) {
  return pulledMultipartRequest(
    [
      { field: "file", name: attachment.name, data: attachment.data },
      { field: "text", data: text },
    ],
    options,
  );
}

async function bytesOf(body: ReadableStream<Uint8Array> | null): Promise<Buffer> {
  return Buffer.from(await new Response(body).arrayBuffer());
}

/** The refusal a send ends with (fails the test if it went through). */
async function refusal(sending: Promise<unknown>): Promise<unknown> {
  const outcome = await sending.then(
    () => "sent",
    (error: unknown) => error,
  );
  expect(outcome).not.toBe("sent");
  return outcome;
}

describe.each(stores)(`streamed attachments on ${testEngine}: $name`, (store) => {
  it("a PDF and a long text stream to the store and read back byte-identical with their content type", async () => {
    const { storage, storedType } = await store.make();
    const { buyer, seller, conversationId, directId } = await fx.freshPair(`ok-${store.name.length}`);
    // Over 5 MB: on S3 a multipart upload of two parts.
    const pdf = Buffer.concat([pdfBytes(), Buffer.alloc(6 * MB, 0x25)]);
    const text = Buffer.from("Grüße aus Köln – ✓ Zeile\n".repeat(60_000));
    const cases = [
      { attachment: file("angebot.pdf", pdf), to: conversationId, type: "application/pdf", disposition: /^inline/ },
      { attachment: file("notiz.txt", text), to: directId, type: "text/plain; charset=utf-8", disposition: /^attachment/ },
    ];
    for (const { attachment, to, type, disposition } of cases) {
      const sent = await sendMessage(fx.db, storage, { userId: buyer, conversationId: to, request: chatRequest("", attachment) });
      expect(sent.file).toMatchObject({ name: attachment.name, size: attachment.data.length });
      const stored = await getAttachment(fx.db, seller, sent.id);
      const response = await serveStoredFile(storage, stored!.key, { downloadName: stored!.name, cache: "private" });
      expect(response.headers.get("content-type")).toBe(type);
      expect(response.headers.get("content-length")).toBe(String(attachment.data.length));
      expect(response.headers.get("content-disposition")).toMatch(disposition);
      expect((await bytesOf(response.body)).equals(attachment.data)).toBe(true);
      const kept = await storedType(stored!.key);
      if (kept !== undefined) expect(kept).toBe(type);
    }
  });

  it("a file one byte over 10 MB is cut off while it streams: attachment_too_large, and the store keeps nothing", async () => {
    const { storage, leftovers } = await store.make();
    const { buyer, conversationId } = await fx.freshPair(`big-${store.name.length}`);
    let firstChunks = 0;
    const observed = tapped(storage, () => firstChunks++);
    const { request } = upload(file("gross.txt", Buffer.alloc(10 * MB + 1, 97)));
    const error = await refusal(sendMessage(fx.db, observed, { userId: buyer, conversationId, request }));
    expect(error).toMatchObject({ code: "INVALID", reason: "attachment_too_large" });
    // The upload had begun (a plain text is accepted from its head) and was aborted.
    expect(observed.puts).toBe(1);
    expect(firstChunks).toBe(1);
    expect(await leftovers()).toEqual([]);
  });

  it("text that turns out not to be UTF-8 after the head (after the first S3 part) is refused: attachment_type, nothing kept", async () => {
    const { storage, leftovers } = await store.make();
    const { buyer, conversationId } = await fx.freshPair(`utf-${store.name.length}`);
    const observed = tapped(storage, () => {});
    const { request } = upload(file("liste.csv", Buffer.concat([Buffer.alloc(6 * MB, 97), Buffer.from([0xff, 0xfe]), Buffer.alloc(1000, 97)])), "Hallo");
    const error = await refusal(sendMessage(fx.db, observed, { userId: buyer, conversationId, request }));
    expect(error).toMatchObject({ code: "INVALID", reason: "attachment_type" });
    expect(observed.puts).toBe(1);
    expect(await leftovers()).toEqual([]);
  });

  it("a message refused after its file was stored (the text comes after the file) leaves nothing", async () => {
    const { storage, leftovers } = await store.make();
    const { buyer, conversationId } = await fx.freshPair(`late-${store.name.length}`);
    const observed = tapped(storage, () => {});
    const { request } = upload(file("plan.pdf", pdfBytes()), "x".repeat(501));
    const error = await refusal(sendMessage(fx.db, observed, { userId: buyer, conversationId, request }));
    expect(error).toMatchObject({ code: "INVALID", reason: "message_too_long" });
    expect(observed.puts).toBe(1);
    expect(await leftovers()).toEqual([]);
  });

  it("a client that goes away mid-upload leaves nothing", async () => {
    const { storage, leftovers } = await store.make();
    const { buyer, conversationId } = await fx.freshPair(`gone-${store.name.length}`);
    const observed = tapped(storage, () => {});
    const { request } = upload(file("gross.pdf", Buffer.concat([pdfBytes(), Buffer.alloc(8 * MB, 32)])), "Anbei", { breakAfter: 6 * MB });
    const error = await refusal(sendMessage(fx.db, observed, { userId: buyer, conversationId, request }));
    expect(error).toMatchObject({ code: "INVALID", reason: "unreadable_form" });
    expect(observed.puts).toBe(1);
    expect(await leftovers()).toEqual([]);
  });

  it("the store gets the first bytes before the request body has been read to its end (the file is never held whole)", async () => {
    const { storage, leftovers } = await store.make();
    const { buyer, conversationId } = await fx.freshPair(`mem-${store.name.length}`);
    const data = Buffer.concat([pdfBytes(), Buffer.alloc(8 * MB, 32)]);
    const { request, progress } = upload(file("gross.pdf", data), "Anbei");
    let atFirstChunk: BodyProgress | undefined;
    const observed = tapped(storage, () => (atFirstChunk ??= { ...progress }));
    const sent = await sendMessage(fx.db, observed, { userId: buyer, conversationId, request });
    expect(sent.file).toMatchObject({ size: data.length });
    expect(atFirstChunk?.finished).toBe(false);
    // The head that decides the type (64 KB) plus what the streams in between hold.
    expect(atFirstChunk!.read).toBeLessThan(MB);
    expect(await leftovers()).toHaveLength(1);
  });
});
