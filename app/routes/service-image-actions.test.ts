import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { serviceImages, services } from "~/db/schema";
import { readSession, type SessionUser } from "~/features/auth/session.server";
import { de } from "~/i18n/de";
import { UPLOAD_PARAM } from "~/features/services/service-image";
import { serviceImageFieldDe } from "~/i18n/service-image-field.de";
import type * as StorageModule from "~/lib/storage.server";
import type { FileStorage } from "~/lib/storage.server";
import { pngBytes } from "../../tests/support/files";
import { inSignedInAction } from "../../tests/support/request-context";
import { sessionUser, storeSessionUsers } from "../../tests/support/session-users";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import { action as createAction } from "./create-service";
import { action as editAction } from "./service-edit";

vi.mock("~/features/auth/session.server", async (original) => ({ ...(await original<object>()), readSession: vi.fn() }));

// The routes' file store: a folder of this test's own.
const store = vi.hoisted(() => ({ root: "" }));
vi.mock("~/lib/storage.server", async (original) => {
  const actual = await original<typeof StorageModule>();
  let storage: FileStorage | undefined;
  return { ...actual, getStorage: () => (storage ??= actual.createLocalStorage(store.root)) };
});

const OWNER = sessionUser("u-plain-images-owner", "Olga");
const OTHER = sessionUser("u-plain-images-other", "Otto");

let close = async () => {};
let db: Awaited<ReturnType<typeof openProcessDatabase>>["db"];
let serviceId = "";
let otherServiceId = "";
beforeAll(async () => {
  store.root = fs.mkdtempSync(path.join(os.tmpdir(), "service-image-actions-"));
  const opened = await openProcessDatabase();
  ({ db, close } = opened);
  await storeSessionUsers(db, [OWNER, OTHER]);
  const rows = await db
    .insert(services)
    .values([
      { title: "Fotos vom Hof", price: "10.00", category: "Design", createdBy: OWNER.id },
      { title: "Ottos Dienst", price: "10.00", category: "Design", createdBy: OTHER.id },
    ])
    .returning({ id: services.id });
  [serviceId, otherServiceId] = rows.map((r) => r.id) as [string, string];
});
afterAll(async () => {
  await close();
  if (store.root) fs.rmSync(store.root, { recursive: true, force: true });
});

type Run = typeof createAction | typeof editAction;

/** Posts the service form as a browser without JavaScript does (multipart), through the signed-in layout's middleware. */
async function post(who: SessionUser, url: string, fields: Record<string, string>, files: { name: string; data: Buffer; type?: string }[], run: Run, params: Record<string, string> = {}) {
  vi.mocked(readSession).mockResolvedValue({ user: who, setCookies: [] });
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append("images", new Blob([new Uint8Array(file.data)], { type: file.type ?? "image/png" }), file.name);
  // The upload button posts to the page's address with UPLOAD_PARAM (the other buttons and the save without it).
  const address = fields.imageAction === "upload" ? `${url}?${UPLOAD_PARAM}` : url;
  const request = new Request(`http://localhost${address}`, { method: "POST", body });
  return inSignedInAction(request, run, params);
}

const typed = { title: "Neuer Titel, nicht gespeichert", description: "Getippt", price: "12,50", priceUnit: "fixed", deliveryDays: "", workPlace: "remote", workCity: "", category: "Design" };
const edit = (who: SessionUser, id: string, fields: Record<string, string>, files: { name: string; data: Buffer; type?: string }[] = []) =>
  post(who, `/services/${id}/edit`, fields, files, editAction, { id });
const imagesOf = async (id: string) =>
  (await db.select({ id: serviceImages.id }).from(serviceImages).where(eq(serviceImages.serviceId, id)).orderBy(asc(serviceImages.position))).map((r) => r.id);
const titleOf = async (id: string) => (await db.select({ title: services.title }).from(services).where(eq(services.id, id)))[0]!.title;
const storedFolders = () => (fs.existsSync(path.join(store.root, "service-images")) ? fs.readdirSync(path.join(store.root, "service-images"), { recursive: true }).length : 0);

describe(`the service form's image buttons without JavaScript on ${testEngine}`, () => {
  it("upload, cover and remove change the owner's images, keep what was typed and save nothing else", async () => {
    const uploaded = await edit(OWNER, serviceId, { ...typed, imageAction: "upload" }, [
      { name: "eins.png", data: await pngBytes(8, 5, "#1d4ed8") },
      { name: "zwei.png", data: await pngBytes(8, 5, "#db2777") },
    ]);
    expect(uploaded).toMatchObject({ data: { intent: "image", outcome: { ok: true, title: serviceImageFieldDe.uploaded(2) }, values: { title: typed.title, price: "12,50" } }, init: { status: 200 } });
    const [first, second] = await imagesOf(serviceId);
    expect(second).toBeDefined();

    const covered = await edit(OWNER, serviceId, { ...typed, imageAction: `cover:${second}` });
    expect(covered).toMatchObject({ data: { outcome: { ok: true, title: serviceImageFieldDe.nowCover(2) }, values: { title: typed.title } } });
    expect(await imagesOf(serviceId)).toEqual([second, first]);

    const removed = await edit(OWNER, serviceId, { ...typed, imageAction: `remove:${first}` });
    expect(removed).toMatchObject({ data: { outcome: { ok: true, title: serviceImageFieldDe.removed } } });
    expect(await imagesOf(serviceId)).toEqual([second]);
    expect(await titleOf(serviceId)).toBe("Fotos vom Hof");

    // The plain "save" still saves (multipart, no image button). Files chosen but not uploaded go
    // nowhere (the field says so): dropped as they stream, nothing stored.
    const folders = storedFolders();
    const saved = await edit(OWNER, serviceId, typed, [{ name: "vergessen.png", data: await pngBytes() }]);
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).headers.get("Location")).toBe(`/services/${serviceId}`);
    expect(await titleOf(serviceId)).toBe(typed.title);
    expect(await imagesOf(serviceId)).toEqual([second]);
    expect(storedFolders()).toBe(folders);
  });

  it("an upload is counted before its body is read: over the limit, refused with the limit's message, nothing stored", async () => {
    const folders = storedFolders();
    const before = await imagesOf(serviceId);
    await db.execute(sql`insert into rate_limit (key, count, last_request) values (${`app:image-upload:${OWNER.id}`}, 1000, ${Date.now()}) on conflict (key) do update set count = 1000, last_request = ${Date.now()}`);
    try {
      const refused = await edit(OWNER, serviceId, { ...typed, imageAction: "upload" }, [{ name: "zu-viel.png", data: await pngBytes() }]);
      expect(refused).toMatchObject({ data: { intent: "image", outcome: { ok: false }, values: { title: typed.title } }, init: { status: 429 } });
    } finally {
      await db.execute(sql`delete from rate_limit where key = ${`app:image-upload:${OWNER.id}`}`);
    }
    expect(await imagesOf(serviceId)).toEqual(before);
    expect(storedFolders()).toBe(folders);
  });

  it("refuses someone else's service and image, and changes nothing", async () => {
    const before = await imagesOf(serviceId);
    const folders = storedFolders();
    // An upload through the edit page of someone else's service leaves it, as the edit page does.
    const upload = await edit(OTHER, serviceId, { ...typed, imageAction: "upload" }, [{ name: "fremd.png", data: await pngBytes() }]);
    expect(upload).toBeInstanceOf(Response);
    expect((upload as Response).headers.get("Location")).toBe("/services");
    // Someone else's image through one's own service's page: not found.
    for (const action of [`remove:${before[0]}`, `cover:${before[0]}`]) {
      const answer = await edit(OTHER, otherServiceId, { ...typed, imageAction: action });
      expect(answer).toMatchObject({ data: { outcome: { ok: false, message: serviceImageFieldDe.notFound } }, init: { status: 404 } });
    }
    expect(await imagesOf(serviceId)).toEqual(before);
    expect(await imagesOf(otherServiceId)).toEqual([]);
    expect(storedFolders()).toBe(folders);
  });

  it("refuses a file that is too large or not an image, and one image too many, with the field's messages, storing nothing", async () => {
    const before = await imagesOf(serviceId);
    const folders = storedFolders();
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(5 * 1024 * 1024)]);
    const refused = await edit(OWNER, serviceId, { ...typed, imageAction: "upload" }, [
      { name: "gross.png", data: big },
      { name: "text.png", data: Buffer.from("kein Bild") },
    ]);
    expect(refused).toMatchObject({
      data: { outcome: { ok: false, title: de.profile.gallery.validationFailed, details: [de.profile.gallery.tooLarge("gross.png"), de.profile.gallery.notImage("text.png")] }, values: { title: typed.title } },
      init: { status: 400 },
    });
    const six = await Promise.all([1, 2, 3, 4, 5, 6].map(async (n) => ({ name: `${n}.png`, data: await pngBytes(4, 4, "#22aa44") })));
    const full = await edit(OWNER, serviceId, { ...typed, imageAction: "upload" }, six);
    expect(full).toMatchObject({ data: { outcome: { ok: false, message: serviceImageFieldDe.remaining(6 - before.length, 6) } }, init: { status: 409 } });
    expect(await imagesOf(serviceId)).toEqual(before);
    expect(storedFolders()).toBe(folders);
  });

  it("on the create page, an upload becomes a draft and no service is created", async () => {
    const count = async () => (await db.select({ id: services.id }).from(services).where(eq(services.createdBy, OWNER.id))).length;
    const servicesBefore = await count();
    const answer = await post(OWNER, "/create-service", { ...typed, imageIds: "", imageAction: "upload" }, [{ name: "entwurf.png", data: await pngBytes() }], createAction);
    expect(answer).toMatchObject({ data: { intent: "image", outcome: { ok: true }, values: { title: typed.title } } });
    const drafts = await db.select({ id: serviceImages.id }).from(serviceImages).where(and(eq(serviceImages.ownerId, OWNER.id), isNull(serviceImages.serviceId)));
    expect(drafts).toHaveLength(1);
    expect(await count()).toBe(servicesBefore);
  });
});
