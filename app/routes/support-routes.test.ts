import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { profiles, supportTicketReplies, supportTickets, user } from "~/db/schema";
import { readSession, type SessionUser } from "~/features/auth/session.server";
import { createTicket } from "~/features/support/support.server";
import { requireUserMiddleware } from "~/lib/request-context.server";
import type * as StorageModule from "~/lib/storage.server";
import type { FileStorage } from "~/lib/storage.server";
import { pngBytes } from "../../tests/support/files";
import { inRequest } from "../../tests/support/request-context";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import { action as ticketAction } from "./support-ticket";
import { action as listAction } from "./support";
import { loader as fileLoader } from "./support-ticket-file";

vi.mock("~/features/auth/session.server", async (original) => ({
  ...(await original<object>()),
  readSession: vi.fn(),
}));

// The routes' file store: a folder of this test's own.
const files = vi.hoisted(() => ({ root: "" }));
vi.mock("~/lib/storage.server", async (original) => {
  const actual = await original<typeof StorageModule>();
  let storage: FileStorage | undefined;
  return { ...actual, getStorage: () => (storage ??= actual.createLocalStorage(files.root)) };
});

const AUTHOR: SessionUser = {
  id: "u-prg-author",
  email: "prg.author@example.de",
  firstName: "Paula",
  lastName: "Post",
  role: "user",
  sessionExpiresAt: Date.now() + 3_600_000,
};
const OTHER: SessionUser = {
  id: "u-prg-other",
  email: "prg.other@example.de",
  firstName: "Olga",
  lastName: "Other",
  role: "user",
  sessionExpiresAt: Date.now() + 3_600_000,
};
const STAFF: SessionUser = {
  id: "u-prg-staff",
  email: "prg.staff@example.de",
  firstName: "Sam",
  lastName: "Support",
  role: "support",
  sessionExpiresAt: Date.now() + 3_600_000,
};

let close = async () => {};
let db: Awaited<ReturnType<typeof openProcessDatabase>>["db"];
let ticketId = "";
beforeAll(async () => {
  const opened = await openProcessDatabase();
  ({ db, close } = opened);
  files.root = fs.mkdtempSync(path.join(os.tmpdir(), "support-routes-"));
  for (const who of [AUTHOR, OTHER, STAFF]) {
    await db.insert(user).values({
      id: who.id,
      name: `${who.firstName} ${who.lastName}`,
      email: who.email,
      emailVerified: true,
    });
    await db.insert(profiles).values({
      userId: who.id,
      email: who.email,
      firstName: who.firstName,
      lastName: who.lastName,
      role: who.role,
    });
  }
  ({ id: ticketId } = await createTicket(db, {
    actorId: AUTHOR.id,
    input: { subject: "Ohne JavaScript", description: "Ein Formular." },
  }));
});
afterAll(async () => {
  await close();
  if (files.root) fs.rmSync(files.root, { recursive: true, force: true });
});

// A browser posting a form itself (no JavaScript) navigates; the app's own posts are fetches.
const DOCUMENT = {
  "Sec-Fetch-Mode": "navigate",
  Accept: "text/html,application/xhtml+xml",
};
const FETCH = { "Sec-Fetch-Mode": "cors", Accept: "*/*" };

/** Runs a route action below the signed-in layout (its middleware) as `who`. */
async function post(
  who: SessionUser,
  url: string,
  body: FormData | URLSearchParams,
  headers: Record<string, string>,
  run: typeof ticketAction | typeof listAction,
  params: Record<string, string> = {},
) {
  vi.mocked(readSession).mockResolvedValue({ user: who, setCookies: [] });
  const request = new Request(`http://localhost${url}`, {
    method: "POST",
    body,
    headers,
  });
  return inRequest(
    request,
    async (context) => {
      await requireUserMiddleware({ request, context, params, unstable_pattern: "" } as never, async () => new Response(null));
      try {
        return await (run as (args: unknown) => Promise<unknown>)({
          request,
          context,
          params,
          unstable_pattern: "",
        });
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    },
    params,
  );
}

function replyForm(text: string) {
  const form = new FormData();
  form.append("text", text);
  return form;
}

const replies = async () => db.select({ body: supportTicketReplies.body }).from(supportTicketReplies).where(eq(supportTicketReplies.ticketId, ticketId));

describe(`ticket forms without JavaScript (post/redirect/get) on ${testEngine}`, () => {
  it("a reply posted by the browser itself redirects back to the ticket (303), so a reload does not post it again", async () => {
    const answer = (await post(AUTHOR, `/support/${ticketId}`, replyForm("Ohne Skript gesendet"), DOCUMENT, ticketAction, { ticketId })) as Response;
    expect(answer).toBeInstanceOf(Response);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/support/${ticketId}`);
    expect(answer.headers.get("Set-Cookie")).toContain("flash=");
    expect((await replies()).map((r) => r.body)).toEqual(["Ohne Skript gesendet"]);
  });

  it("a refused reply without JavaScript renders the page with the message and the text kept, and stores nothing", async () => {
    const long = "x".repeat(5001);
    const answer = (await post(AUTHOR, `/support/${ticketId}`, replyForm(long), DOCUMENT, ticketAction, { ticketId })) as {
      data: Record<string, unknown>;
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      intent: "reply",
      values: { text: long },
    });
    expect(String((answer.data.fieldErrors as Record<string, string>).text)).toMatch(/5\.000 Zeichen/);
    expect(await replies()).toHaveLength(1);
  });

  it("with JavaScript (a fetch) the reply is answered with data, not a redirect", async () => {
    const answer = (await post(AUTHOR, `/support/${ticketId}`, replyForm("Mit Skript"), FETCH, ticketAction, { ticketId })) as {
      data: Record<string, unknown>;
    };
    expect(answer.data).toMatchObject({ ok: true, intent: "reply" });
    expect(await replies()).toHaveLength(2);
  });

  it("the status form without JavaScript redirects back to the page it was on; a refusal too, with the message, and nothing changes", async () => {
    const setStatus = async (who: SessionUser, status: string, returnTo: string) =>
      (await post(who, "/support", new URLSearchParams({ intent: "status", ticketId, status, returnTo }), DOCUMENT, listAction)) as Response;
    const current = async () => (await db.select({ s: supportTickets.status }).from(supportTickets).where(eq(supportTickets.id, ticketId)))[0]!.s;

    const answer = await setStatus(STAFF, "in_progress", `/support/${ticketId}`);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/support/${ticketId}`);
    expect(await current()).toBe("in_progress");

    // The list with its filters is a place to go back to; anywhere else is not (no open redirect).
    expect((await setStatus(STAFF, "resolved", "/support?status=open&q=x")).headers.get("Location")).toBe("/support?status=open&q=x");
    expect((await setStatus(STAFF, "resolved", "https://evil.example/support")).headers.get("Location")).toBe("/support");
    expect((await setStatus(STAFF, "resolved", "//evil.example/support")).headers.get("Location")).toBe("/support");

    // A user (not support) is refused: back with the message, the status stays.
    const refused = await setStatus(AUTHOR, "closed", `/support/${ticketId}`);
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Set-Cookie")).toContain("flash=");
    expect(await current()).toBe("resolved");
  });
});

/** The new-ticket form as the page's own form (`panel`) or the dialog sends it: fields first, then the file. */
function newTicketForm(subject: string, file: { name: string; data: Buffer } | null, panel: boolean) {
  const form = new FormData();
  form.append("intent", "create");
  if (panel) form.append("panel", "1");
  form.append("subject", subject);
  form.append("description", "Mit Anhang.");
  if (file) form.append("file", new Blob([new Uint8Array(file.data)], { type: "image/png" }), file.name);
  return form;
}

/** GET of a ticket's file as `who` (null: signed out): the status, and the file's name when served. */
async function download(who: SessionUser | null, url: string) {
  vi.mocked(readSession).mockResolvedValue({ user: who, setCookies: [] });
  const [, , id, , fileId] = url.split("/");
  const params = { ticketId: id!, fileId: fileId! };
  const request = new Request(`http://localhost${url}`);
  try {
    const answer = await inRequest(request, (context) => fileLoader({ request, context, params, unstable_pattern: "" } as never), params);
    return { status: answer.status, disposition: answer.headers.get("Content-Disposition") };
  } catch (thrown) {
    return { status: (thrown as { init?: { status: number } }).init?.status ?? (thrown as Response).status, disposition: null };
  }
}

const ticketNamed = async (subject: string) => (await db.select().from(supportTickets).where(eq(supportTickets.subject, subject)))[0];

describe(`a new ticket with a file on ${testEngine}`, () => {
  it("without JavaScript: 303 back to the list; the file is served to the author and support, anyone else gets 404", async () => {
    const png = await pngBytes();
    const answer = (await post(AUTHOR, "/support", newTicketForm("Mit Bild ohne Skript", { name: "fehler.png", data: png }, true), DOCUMENT, listAction)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/support");
    const ticket = await ticketNamed("Mit Bild ohne Skript");
    expect(ticket).toMatchObject({ fileName: "fehler.png", fileType: "image/png", fileSize: png.length });

    const url = `/support/${ticket!.id}/dateien/beschreibung`;
    expect(await download(AUTHOR, url)).toMatchObject({ status: 200 });
    expect(await download(STAFF, url)).toMatchObject({ status: 200 });
    expect(await download(OTHER, url)).toEqual({ status: 404, disposition: null });
    expect(await download(null, url)).toEqual({ status: 404, disposition: null });
  });

  it("a refused file without JavaScript renders the form with what was typed and the message at the file; no ticket", async () => {
    const fake = { name: "tarnung.png", data: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(256, 1)]) };
    const answer = (await post(AUTHOR, "/support", newTicketForm("Falsche Datei", fake, true), DOCUMENT, listAction)) as {
      data: Record<string, unknown>;
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      intent: "create",
      reason: "attachment_type",
      message: "Dieser Dateityp wird nicht unterstützt. Erlaubt sind Bilder (JPG, PNG, GIF, WebP), PDF und Textdateien.",
      values: { subject: "Falsche Datei", description: "Mit Anhang." },
    });
    expect(await ticketNamed("Falsche Datei")).toBeUndefined();
  });

  it("with JavaScript (the dialog's fetch) the ticket is answered with data; without a file as before", async () => {
    const png = await pngBytes();
    const answer = (await post(AUTHOR, "/support", newTicketForm("Aus dem Dialog", { name: "dialog.png", data: png }, false), FETCH, listAction)) as {
      data: Record<string, unknown>;
    };
    expect(answer.data).toMatchObject({ ok: true, intent: "create" });
    expect(await ticketNamed("Aus dem Dialog")).toMatchObject({ fileName: "dialog.png" });
    const plain = (await post(AUTHOR, "/support", newTicketForm("Ohne Datei", null, false), FETCH, listAction)) as { data: Record<string, unknown> };
    expect(plain.data).toMatchObject({ ok: true, intent: "create" });
    expect(await ticketNamed("Ohne Datei")).toMatchObject({ fileKey: null });
  });
});
