import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { profiles, user } from "~/db/schema";
import type { IncomingImage } from "~/features/profile/images.server";
import { getOwnProfile } from "~/features/profile/profile.server";
import type { Database } from "~/lib/db.server";
import { createLocalStorage, type FileStorage } from "~/lib/storage.server";
import { pngBytes } from "./files";
import { createTestDatabase, type TestDatabase } from "./test-database";

export interface ProfileTestbed {
  /** The test file's own database (fresh, migrated). */
  readonly db: Database;
  /** File storage in a temporary folder of its own. */
  readonly storage: FileStorage;
  /** A user with a profile, inserted directly (the account flows have their own tests). */
  newUser(overrides?: Partial<typeof profiles.$inferInsert>): Promise<{ id: string; email: string }>;
  /** The names of the stored files under a storage prefix, e.g. `gallery/{userId}`. */
  filesIn(prefix: string): string[];
  galleryOf(userId: string): Promise<string[]>;
}

/**
 * What the profile use-case tests share: one database and one storage folder per test file,
 * opened before its tests and removed after them. Call it at the top of the file.
 */
export function profileTestbed(): ProfileTestbed {
  let t: TestDatabase | undefined;
  let storageRoot: string | undefined;
  let storage: FileStorage | undefined;
  let userCounter = 0;

  beforeAll(async () => {
    t = await createTestDatabase();
    storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), "profile-storage-"));
    storage = createLocalStorage(storageRoot);
  });
  afterAll(async () => {
    await t?.destroy();
    if (storageRoot) fs.rmSync(storageRoot, { recursive: true, force: true });
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the profile testbed is used before its beforeAll ran");
    return value;
  };

  return {
    get db() {
      return ready(t).db;
    },
    get storage() {
      return ready(storage);
    },
    async newUser(overrides = {}) {
      userCounter += 1;
      const id = `u-profile-${userCounter}-${Math.random().toString(36).slice(2, 8)}`;
      const email = `${id}@example.de`;
      await this.db.insert(user).values({ id, name: `Vor ${userCounter} Nach`, email, emailVerified: true });
      await this.db.insert(profiles).values({ userId: id, email, firstName: `Vor${userCounter}`, lastName: "Nach", ...overrides });
      return { id, email };
    },
    filesIn(prefix) {
      const dir = path.join(ready(storageRoot), ...prefix.split("/"));
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name);
    },
    async galleryOf(userId) {
      return (await getOwnProfile(this.db, userId))!.gallery;
    },
  };
}

/** A real (small) PNG as the multipart reader hands it over. */
export async function image(name: string, color = "#3366cc"): Promise<IncomingImage> {
  const data = await pngBytes(16, 12, color);
  return { name, size: data.length, tooLarge: false, data };
}
