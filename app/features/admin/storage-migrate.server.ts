import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { AppEnv } from "~/lib/env.server";
import { createLocalStorage, isValidKey, localStorageRoot, STORAGE_AREAS } from "~/lib/storage.server";
import { createS3Storage, s3ObjectSize, type S3StorageOptions } from "~/lib/storage/s3.server";
import { ADMIN_USAGE, AdminError } from "./admin.server";

export interface MigrateResult {
  copied: number;
  skipped: number;
  failed: string[];
}

/**
 * `npm run admin -- storage migrate`: copies every stored file from the local store
 * (DATA_DIR/storage) to the configured S3 bucket, so an installation can move to object storage.
 *
 * Resumable: a file already in the bucket with the same size is skipped, so a run cut short is
 * simply started again. Every copy is verified by reading the object's size back; a mismatch is
 * reported and makes the command fail (run it again to retry). Local files are never changed.
 */
export async function migrateStorage(
  config: Pick<AppEnv, "dataDir" | "s3">,
  log: (line: string) => void,
  options: S3StorageOptions = {},
): Promise<MigrateResult> {
  if (!config.s3) {
    throw new AdminError(
      "S3 is not configured: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a store other than AWS) to migrate DATA_DIR/storage to S3.",
    );
  }
  const root = localStorageRoot(config.dataDir);
  const local = createLocalStorage(root);
  const target = createS3Storage(config.s3, options);
  try {
    await target.ping();
  } catch (error) {
    throw new AdminError(`The S3 bucket "${config.s3.bucket}" cannot be reached: ${(error as Error).name}: ${(error as Error).message}`);
  }

  const keys: string[] = [];
  for (const area of STORAGE_AREAS) {
    // Temporary files of writes in progress (`….part`) and names the app never makes stay behind.
    for await (const file of local.list(area)) if (isValidKey(file.key) && !file.key.endsWith(".part")) keys.push(file.key);
  }
  log(`Migrating ${keys.length} file(s) from ${root} to the S3 bucket "${config.s3.bucket}".`);

  const result: MigrateResult = { copied: 0, skipped: 0, failed: [] };
  for (const [index, key] of keys.entries()) {
    const step = `[${index + 1}/${keys.length}]`;
    const file = path.join(root, ...key.split("/"));
    try {
      const size = (await fsp.stat(file)).size;
      const remote = await s3ObjectSize(target.client, config.s3.bucket, key);
      if (remote === size) {
        result.skipped++;
        log(`${step} ${key}: already there (${size} bytes), skipped`);
        continue;
      }
      await target.put(key, fs.createReadStream(file));
      const copied = await s3ObjectSize(target.client, config.s3.bucket, key);
      if (copied !== size) throw new Error(`size check failed: ${size} bytes here, ${copied ?? "no object"} in the bucket`);
      result.copied++;
      log(`${step} ${key}: copied (${size} bytes)${remote === null ? "" : `, replaced an object of ${remote} bytes`}`);
    } catch (error) {
      result.failed.push(key);
      log(`${step} ${key}: FAILED: ${(error as Error).message}`);
    }
  }
  return result;
}

/** The `storage` operator commands; runs without the database. Returns the closing line. */
export async function runStorageCommand(args: string[], config: Pick<AppEnv, "dataDir" | "s3">, log: (line: string) => void): Promise<string> {
  if (args[0] !== "migrate") throw new AdminError(`Unknown storage command "${args[0] ?? ""}".\n\n${ADMIN_USAGE}`);
  const { copied, skipped, failed } = await migrateStorage(config, log);
  const summary = `${copied} copied, ${skipped} already there, ${failed.length} failed.`;
  if (failed.length > 0) throw new AdminError(`Migration incomplete: ${summary} Run the command again to retry the failed files.`);
  return `Migration complete: ${summary} Set the S3_* variables for every app process to serve from the bucket.`;
}
