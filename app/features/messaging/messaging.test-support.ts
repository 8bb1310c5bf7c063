import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { profiles, services, user } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { createLocalStorage, type FileStorage } from "~/lib/storage.server";
import { multipartRequest } from "../../../tests/support/multipart";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { startDirectConversation, startServiceConversation } from "./conversations.server";
import { SEND_TOKEN_FIELD } from "./send-token";
import { sendMessage } from "./sending.server";

/** The people every messaging test file starts with (fresh database per file). */
export const SELLER = "u-seller";
export const BUYER = "u-buyer";
export const OUTSIDER = "u-outsider";

/** A file to attach, as the sender picked it. */
export interface Attachment {
  name: string;
  data: Buffer;
}

export function file(name: string, data: Buffer | string): Attachment {
  return { name, data: typeof data === "string" ? Buffer.from(data) : data };
}

/** A send as the composer posts it: its one-time token (if any), the file (it comes first in the form), then the text. */
export function chatRequest(text: string, attachment: Attachment | null = null, sendToken?: string, url?: string): Request {
  return multipartRequest(
    [
      ...(sendToken ? [{ field: SEND_TOKEN_FIELD, data: sendToken }] : []),
      ...(attachment ? [{ field: "file", name: attachment.name, data: attachment.data }] : []),
      { field: "text", data: text },
    ],
    url,
  );
}

/** The magic bytes of an OLE compound file (a .doc). */
export function docBytes(): Buffer {
  const bytes = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  return bytes;
}

export interface MessagingFixture {
  /** The test database (set once the file's beforeAll has run). */
  readonly t: TestDatabase;
  readonly db: Database;
  readonly storage: FileStorage;
  /** SELLER's service that BUYER asks about. */
  readonly serviceId: string;
  newUser(id: string, firstName: string): Promise<void>;
  /** A fresh pair of users with a service and a direct conversation, so one test's rate limits touch no other. */
  freshPair(prefix: string): Promise<{ seller: string; buyer: string; conversationId: string; directId: string }>;
  /** Sends through the whole pipeline, the body read from a multipart request as the composer posts it. */
  send(userId: string | null, conversationId: string, text: string, attachment?: Attachment | null, sendToken?: string): ReturnType<typeof sendMessage>;
  /** The keys in the attachment storage, sorted. */
  storedFiles(): Promise<string[]>;
}

/**
 * A fresh database with SELLER, BUYER, OUTSIDER and SELLER's service, and a temporary attachment
 * storage, for one test file (registers its own beforeAll/afterAll).
 */
export function messagingFixture(): MessagingFixture {
  let t: TestDatabase | undefined;
  let storage: FileStorage | undefined;
  let storageRoot = "";
  let serviceId = "";
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the messaging fixture is used before its beforeAll ran");
    return value;
  };

  const fixture: MessagingFixture = {
    get t() {
      return ready(t);
    },
    get db() {
      return ready(t).db;
    },
    get storage() {
      return ready(storage);
    },
    get serviceId() {
      return serviceId;
    },
    async newUser(id, firstName) {
      await fixture.db.insert(user).values({ id, name: firstName, email: `${id}@example.de`, emailVerified: true });
      await fixture.db.insert(profiles).values({ userId: id, email: `${id}@example.de`, firstName, lastName: "Test" });
    },
    async freshPair(prefix) {
      const seller = `${prefix}-s`;
      const buyer = `${prefix}-b`;
      await fixture.newUser(seller, "Sina");
      await fixture.newUser(buyer, "Bert");
      const [service] = await fixture.db
        .insert(services)
        .values({ title: `Dienst ${prefix}`, price: "10.00", category: "Design", createdBy: seller })
        .returning({ id: services.id });
      const conversationId = await startServiceConversation(fixture.db, buyer, service!.id);
      const directId = await startDirectConversation(fixture.db, buyer, seller);
      return { seller, buyer, conversationId, directId };
    },
    send(userId, conversationId, text, attachment = null, sendToken) {
      return sendMessage(fixture.db, fixture.storage, { userId, conversationId, request: chatRequest(text, attachment, sendToken) });
    },
    async storedFiles() {
      const out: string[] = [];
      async function walk(dir: string) {
        for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(full);
          else out.push(path.relative(storageRoot, full).split(path.sep).join("/"));
        }
      }
      await walk(storageRoot);
      return out.sort();
    },
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    storageRoot = await fs.mkdtemp(path.join(os.tmpdir(), "chat-storage-"));
    storage = createLocalStorage(storageRoot);
    await fixture.newUser(SELLER, "Sabine");
    await fixture.newUser(BUYER, "Boris");
    await fixture.newUser(OUTSIDER, "Otto");
    const [service] = await t.db
      .insert(services)
      .values({ title: "Logo-Design", price: "150.00", category: "Design", createdBy: SELLER })
      .returning({ id: services.id });
    serviceId = service!.id;
  });
  afterAll(async () => {
    await t?.destroy();
    if (storageRoot) await fs.rm(storageRoot, { recursive: true, force: true });
  });

  return fixture;
}
