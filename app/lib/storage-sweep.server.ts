import { inArray, isNotNull, and } from "drizzle-orm";
import { z } from "zod";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { invoices, messages, orderFiles, profiles, serviceImages, supportTicketReplies, supportTickets } from "~/db/schema";
import { removeStaleDrafts } from "~/features/services/images.server";
import type { Database } from "./db.server";
import { log } from "./log.server";
import { defineJob } from "./jobs/types";
import { getStorage, isValidKey, publicUrl, type FileStorage, type StoredFile } from "./storage.server";

/**
 * Files are stored before the row that names them is committed (an upload must not hold a
 * transaction open), and removed after a deletion is committed. A process that dies in between
 * leaves a file nothing names: this sweep finds and removes such orphans.
 *
 * A file is only a candidate when it is older than `minAgeMs` (default one hour), and its age is
 * read again right before it is deleted: an avatar re-uploaded under the same key while the sweep
 * runs is young again and stays. Files whose names the store would never make (a stray
 * `.DS_Store`, say) are left alone.
 */
export interface SweepResult {
  checked: number;
  deleted: string[];
}

const BATCH = 500;
const HOUR = 60 * 60 * 1000;

export async function sweepOrphanFiles(
  db: Database,
  storage: FileStorage,
  { minAgeMs = HOUR, now = Date.now() }: { minAgeMs?: number; now?: number } = {},
): Promise<SweepResult> {
  const result: SweepResult = { checked: 0, deleted: [] };
  // Create-form drafts never saved (ADR 016): rows and files, after a day.
  try {
    result.deleted.push(...(await removeStaleDrafts(db, storage, now)));
  } catch (error) {
    log.error({ err: error }, "Storage sweep: could not remove stale service image drafts");
  }
  const areas: { prefix: string; referenced: (keys: string[]) => Promise<Set<string>> }[] = [
    { prefix: "chat-attachments", referenced: (keys) => attachmentsInUse(db, keys) },
    { prefix: "order-files", referenced: (keys) => keysInUse(db, orderFiles, orderFiles.fileKey, keys) },
    { prefix: "invoices", referenced: (keys) => keysInUse(db, invoices, invoices.storageKey, keys) },
    { prefix: "ticket-files", referenced: (keys) => ticketFilesInUse(db, keys) },
    { prefix: "gallery", referenced: (keys) => galleryInUse(db, keys) },
    { prefix: "avatars", referenced: (keys) => avatarsInUse(db, keys) },
    { prefix: "service-images", referenced: (keys) => serviceImagesInUse(db, keys) },
  ];
  for (const area of areas) {
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const keep = await area.referenced(batch.filter((key) => !key.endsWith(".part")));
      for (const key of batch) {
        if (keep.has(key)) continue;
        try {
          const changed = await storage.modifiedAt(key);
          if (!changed || now - changed.getTime() < minAgeMs) continue;
          await storage.delete(key);
          result.deleted.push(key);
        } catch (error) {
          log.error({ err: error, key }, "Storage sweep: could not remove a file");
        }
      }
      batch = [];
    };
    for await (const file of storage.list(area.prefix)) {
      result.checked++;
      if (!isValidKey(file.key) || !oldEnough(file, minAgeMs, now)) continue;
      batch.push(file.key);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
  }
  return result;
}

function oldEnough(file: StoredFile, minAgeMs: number, now: number): boolean {
  return now - file.modifiedAt.getTime() >= minAgeMs;
}

/** `chat-attachments/…`: kept while a message names it (also a message of a deleted account). */
async function attachmentsInUse(db: Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: messages.fileKey }).from(messages).where(and(isNotNull(messages.fileKey), inArray(messages.fileKey, keys)));
  return new Set(rows.map((row) => row.key!));
}

/** Delivery files, invoice PDFs and ticket files: kept while their row names them. */
async function keysInUse(
  db: Database,
  table: typeof orderFiles | typeof invoices | typeof supportTicketReplies | typeof supportTickets,
  column: AnyPgColumn,
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: column }).from(table).where(inArray(column, keys));
  return new Set(rows.map((row) => String(row.key)));
}

/** `ticket-files/…`: kept while a reply or a ticket (its description's file) names it. */
async function ticketFilesInUse(db: Database, keys: string[]): Promise<Set<string>> {
  const [replies, tickets] = await Promise.all([
    keysInUse(db, supportTicketReplies, supportTicketReplies.fileKey, keys),
    keysInUse(db, supportTickets, supportTickets.fileKey, keys),
  ]);
  return new Set([...replies, ...tickets]);
}

/** The user id of `area/{userId}/…`. */
const ownerOf = (key: string) => key.split("/")[1] ?? "";

/** `gallery/{userId}/gallery/…`: kept while the owner's gallery lists it. */
async function galleryInUse(db: Database, keys: string[]): Promise<Set<string>> {
  const owners = [...new Set(keys.map(ownerOf))];
  if (owners.length === 0) return new Set();
  const rows = await db.select({ gallery: profiles.gallery }).from(profiles).where(inArray(profiles.userId, owners));
  const urls = new Set(rows.flatMap((row) => (Array.isArray(row.gallery) ? row.gallery : [])));
  return new Set(keys.filter((key) => urls.has(publicUrl(key))));
}

/** `avatars/{userId}/avatar.webp`: kept while the owner's profile shows it (its URL carries a version). */
async function avatarsInUse(db: Database, keys: string[]): Promise<Set<string>> {
  const owners = [...new Set(keys.map(ownerOf))];
  if (owners.length === 0) return new Set();
  const rows = await db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(inArray(profiles.userId, owners));
  const shown = new Set(rows.map((row) => row.avatarUrl?.split("?")[0]).filter(Boolean));
  return new Set(keys.filter((key) => shown.has(publicUrl(key))));
}

/** `service-images/{userId}/{imageId}/{width}.webp`: kept while the image's row exists (draft or not). */
async function serviceImagesInUse(db: Database, keys: string[]): Promise<Set<string>> {
  const idOf = (key: string) => key.split("/")[2] ?? "";
  const ids = [...new Set(keys.map(idOf))].filter((id) => /^[0-9a-f-]{36}$/.test(id));
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: serviceImages.id, ownerId: serviceImages.ownerId }).from(serviceImages).where(inArray(serviceImages.id, ids));
  const owners = new Map(rows.map((row) => [row.id, row.ownerId]));
  return new Set(keys.filter((key) => owners.get(idOf(key)) === ownerOf(key)));
}

/**
 * The scheduled sweep (every six hours, app/lib/jobs/registry.server.ts). On PostgreSQL one process
 * runs it per schedule; should two ever sweep at once, deleting twice is harmless.
 */
export const storageSweepJob = defineJob({
  name: "storage.sweep",
  payload: z.object({}),
  maxAttempts: 3,
  async run(_payload, { db }) {
    const { deleted } = await sweepOrphanFiles(db, getStorage());
    if (deleted.length) log.info(`Speicher aufgeräumt: ${deleted.length} verwaiste Datei(en) entfernt.`);
  },
});
