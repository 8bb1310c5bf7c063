import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, messages, profiles, user } from "~/db/schema";
import { createTestDatabase, testEngine, type TestDatabase } from "../../tests/support/test-database";
import { createLocalStorage, publicUrl, type FileStorage } from "./storage.server";
import { sweepOrphanFiles } from "./storage-sweep.server";

let t: TestDatabase;
let root: string;
let storage: FileStorage;
const ALMA = "u-sweep-alma";
const BEN = "u-sweep-ben";
const GONE = "u-sweep-gone"; // an account deleted while its files stayed behind

beforeAll(async () => {
  t = await createTestDatabase();
  root = await fsp.mkdtemp(path.join(os.tmpdir(), "sweep-"));
  storage = createLocalStorage(root);
  await t.db.insert(user).values([
    { id: ALMA, name: "Alma", email: "alma@example.de", emailVerified: true },
    { id: BEN, name: "Ben", email: "ben@example.de", emailVerified: true },
  ]);
  await t.db.insert(profiles).values([
    {
      userId: ALMA,
      email: "alma@example.de",
      avatarUrl: `${publicUrl("avatars/u-sweep-alma/avatar.webp")}?v=123`,
      gallery: [publicUrl("gallery/u-sweep-alma/gallery/1-kept.webp")],
    },
    { userId: BEN, email: "ben@example.de" },
  ]);
  const [chat] = await t.db.insert(conversations).values({ user1Id: ALMA, user2Id: BEN, kind: "direct" }).returning();
  await t.db.insert(messages).values([
    { conversationId: chat!.id, senderId: ALMA, fileKey: "chat-attachments/u-sweep-alma/1-kept.pdf", fileName: "a.pdf" },
    // The sender's account is gone, the message (and its file) stays for the other person.
    { conversationId: chat!.id, senderId: null, fileKey: `chat-attachments/${GONE}/1-kept.png`, fileName: "b.png" },
  ]);
});
afterAll(async () => {
  await t?.destroy();
  if (root) await fsp.rm(root, { recursive: true, force: true });
});

async function store(key: string, ageMs: number) {
  await storage.put(key, Buffer.from("x"));
  const when = new Date(Date.now() - ageMs);
  await fsp.utimes(path.join(root, ...key.split("/")), when, when);
}

const HOUR = 60 * 60 * 1000;

describe(`storage sweep on ${testEngine}`, () => {
  it("removes old files that no row names and keeps everything else", async () => {
    const kept = [
      "chat-attachments/u-sweep-alma/1-kept.pdf",
      `chat-attachments/${GONE}/1-kept.png`,
      "gallery/u-sweep-alma/gallery/1-kept.webp",
      "avatars/u-sweep-alma/avatar.webp",
      // Too young: its upload may still be committing.
      "chat-attachments/u-sweep-ben/2-fresh.pdf",
      "gallery/u-sweep-ben/gallery/2-fresh.webp",
    ];
    const orphans = [
      "chat-attachments/u-sweep-ben/1-orphan.pdf",
      "gallery/u-sweep-alma/gallery/2-removed.webp",
      `gallery/${GONE}/gallery/1-orphan.webp`,
      `avatars/${GONE}/avatar.webp`,
      "avatars/u-sweep-ben/avatar.webp", // Ben shows no avatar
      "chat-attachments/u-sweep-ben/3-half.pdf.0b1c.part", // a write cut short
    ];
    for (const key of kept) await store(key, key.includes("fresh") ? 10 * 60 * 1000 : 2 * HOUR);
    for (const key of orphans) await store(key, 2 * HOUR);
    // A file the store would never name: left alone, and the sweep goes on past it.
    await fsp.writeFile(path.join(root, "chat-attachments", "u-sweep-ben", "Kopie von x.pdf"), "x");
    const stray = new Date(Date.now() - 2 * HOUR);
    await fsp.utimes(path.join(root, "chat-attachments", "u-sweep-ben", "Kopie von x.pdf"), stray, stray);

    const result = await sweepOrphanFiles(t.db, storage);
    expect(result.checked).toBe(kept.length + orphans.length + 1);
    expect(result.deleted.sort()).toEqual([...orphans].sort());
    for (const key of kept) expect(await storage.get(key), key).not.toBeNull();
    for (const key of orphans) expect(await storage.get(key), key).toBeNull();

    // A second sweep finds nothing more; an hour later the fresh orphans go too.
    expect((await sweepOrphanFiles(t.db, storage)).deleted).toEqual([]);
    const later = await sweepOrphanFiles(t.db, storage, { now: Date.now() + HOUR });
    expect(later.deleted.sort()).toEqual(["chat-attachments/u-sweep-ben/2-fresh.pdf", "gallery/u-sweep-ben/gallery/2-fresh.webp"]);
  });

  it("keeps a file that changed after it was listed (an avatar uploaded again meanwhile)", async () => {
    const key = "avatars/u-sweep-ben/avatar.webp";
    await store(key, 2 * HOUR);
    // The store lists the old file; by the time the sweep would delete it, it has been replaced.
    const racing: FileStorage = {
      ...storage,
      list: (prefix) => storage.list(prefix),
      modifiedAt: async (k) => (k === key ? new Date() : storage.modifiedAt(k)),
    };
    const result = await sweepOrphanFiles(t.db, racing);
    expect(result.deleted).not.toContain(key);
    expect(await storage.get(key)).not.toBeNull();
  });

  it("copes with an empty or missing storage folder", async () => {
    const empty = createLocalStorage(path.join(root, "nothing-here"));
    expect(await sweepOrphanFiles(t.db, empty)).toEqual({ checked: 0, deleted: [] });
  });
});
