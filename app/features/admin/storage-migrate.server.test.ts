import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../../../tests/support/s3rver";
import { createLocalStorage, localStorageRoot, type FileStorage } from "~/lib/storage.server";
import { createS3Storage } from "~/lib/storage/s3.server";
import { AdminError } from "./admin.server";
import { migrateStorage, runStorageCommand } from "./storage-migrate.server";

let s3: TestS3;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startTestS3(["migrate-a", "migrate-b"]);
});
afterAll(async () => {
  await s3?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const FILES: Record<string, string> = {
  "avatars/u1/avatar.webp": "RIFF-avatar-u1",
  "gallery/u1/gallery/1-a.webp": "RIFF-gallery-1",
  "gallery/u2/gallery/2-b.webp": "RIFF-gallery-2, a little longer",
  "chat-attachments/u1/3-c.pdf": "%PDF-1.4 private",
};

async function localInstall(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mp-migrate-"));
  dirs.push(dataDir);
  const local = createLocalStorage(localStorageRoot(dataDir));
  for (const [key, body] of Object.entries(FILES)) await local.put(key, Buffer.from(body));
  // A write in progress and a file the app never makes: neither is copied.
  fs.writeFileSync(path.join(localStorageRoot(dataDir), "avatars", "u1", "avatar.webp.1234.part"), "half");
  fs.writeFileSync(path.join(localStorageRoot(dataDir), "avatars", ".DS_Store"), "junk");
  return dataDir;
}

async function read(storage: FileStorage, key: string): Promise<string | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}

async function bucketKeys(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for (const area of ["avatars", "gallery", "chat-attachments"]) for await (const file of storage.list(area)) keys.push(file.key);
  return keys.sort();
}

describe("admin storage migrate", () => {
  it("copies every stored file to the bucket, is resumable, and re-copies an object of the wrong size", async () => {
    const dataDir = await localInstall();
    const config = { dataDir, s3: s3.config("migrate-a") };
    const bucket = createS3Storage(config.s3);

    const lines: string[] = [];
    const first = await migrateStorage(config, (line) => lines.push(line));
    expect(first).toEqual({ copied: 4, skipped: 0, failed: [] });
    expect(lines[0]).toMatch(/^Migrating 4 file\(s\) from .* to the S3 bucket "migrate-a"\.$/);
    expect(lines).toContain("[1/4] avatars/u1/avatar.webp: copied (14 bytes)");
    expect(await bucketKeys(bucket)).toEqual(Object.keys(FILES).sort());
    for (const [key, body] of Object.entries(FILES)) expect(await read(bucket, key)).toBe(body);

    // Run again: nothing to do.
    const again: string[] = [];
    expect(await migrateStorage(config, (line) => again.push(line))).toEqual({ copied: 0, skipped: 4, failed: [] });
    expect(again.filter((line) => line.includes("already there"))).toHaveLength(4);

    // An upload cut short left a short object behind: the next run replaces it.
    await bucket.put("gallery/u2/gallery/2-b.webp", Buffer.from("RIFF"));
    const third: string[] = [];
    expect(await migrateStorage(config, (line) => third.push(line))).toEqual({ copied: 1, skipped: 3, failed: [] });
    expect(third).toContain(`[3/4] gallery/u2/gallery/2-b.webp: copied (${FILES["gallery/u2/gallery/2-b.webp"]!.length} bytes), replaced an object of 4 bytes`);
    expect(await read(bucket, "gallery/u2/gallery/2-b.webp")).toBe(FILES["gallery/u2/gallery/2-b.webp"]);

    // The local files are left as they were.
    expect(await read(createLocalStorage(localStorageRoot(dataDir)), "chat-attachments/u1/3-c.pdf")).toBe(FILES["chat-attachments/u1/3-c.pdf"]);
  });

  it("ends with one summary line as the operator command", async () => {
    const dataDir = await localInstall();
    const output = await runStorageCommand(["migrate"], { dataDir, s3: s3.config("migrate-b") }, () => {});
    expect(output).toBe("Migration complete: 4 copied, 0 already there, 0 failed. Set the S3_* variables for every app process to serve from the bucket.");
  });

  it("stops with a clear line when S3 is not configured or the bucket cannot be reached", async () => {
    const dataDir = await localInstall();
    await expect(runStorageCommand(["migrate"], { dataDir, s3: undefined }, () => {})).rejects.toThrow(
      new AdminError(
        "S3 is not configured: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a store other than AWS) to migrate DATA_DIR/storage to S3.",
      ),
    );
    await expect(runStorageCommand(["migrate"], { dataDir, s3: s3.config("no-such-bucket") }, () => {})).rejects.toThrow(
      /^The S3 bucket "no-such-bucket" cannot be reached: /,
    );
    await expect(runStorageCommand(["copy"], { dataDir, s3: s3.config("migrate-b") }, () => {})).rejects.toThrow(/^Unknown storage command "copy"/);
  });
});
