import { afterEach, describe, expect, it, vi } from "vitest";
import { readSession } from "~/features/auth/session.server";
import { AppError } from "~/lib/errors";
import { createRequestContext, requestMiddleware } from "~/lib/request-context.server";
import { handleImageUpload, uploadRefusal } from "./upload-route.server";
import { captureLog } from "../../../tests/support/log-capture";

// Who is signed in: each test says it.
vi.mock("~/features/auth/session.server", async (original) => ({ ...(await original<object>()), readSession: vi.fn() }));

afterEach(() => vi.restoreAllMocks());

describe("the toast of a refused upload (spec section 8, Profile)", () => {
  const cases = [
    ["avatar", new AppError("INVALID", "not_an_image"), 400, "Upload failed", "Die Datei ist kein gültiges Bild (erlaubt sind JPG, PNG, GIF und WebP)."],
    ["avatar", new AppError("NOT_FOUND", "profile_not_found"), 404, "Error updating avatar", "Profile not found"],
    ["gallery", new AppError("CONFLICT", "gallery_full", { params: { free: 2 } }), 409, "Galerie-Limit erreicht", "Du kannst nur noch 2 Bild(er) hinzufügen. Maximal 5 Bilder erlaubt."],
    ["gallery", new AppError("CONFLICT", "gallery_full", { params: { free: 0 } }), 409, "Galerie-Limit erreicht", "Maximal 5 Bilder erlaubt. Entferne zuerst ein Bild."],
    ["gallery", new AppError("NOT_FOUND", "profile_not_found"), 404, "Error updating gallery", "Profile not found"],
    ["gallery", new AppError("RATE_LIMITED", "rate_limited"), 429, "Upload fehlgeschlagen", "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut."],
  ] as const;
  it.each(cases.map(([kind, error, status, title, message]) => ({ kind, reason: error.reason, error, status, title, message })))(
    "$kind, $reason: $status with the title $title",
    ({ kind, error, status, title, message }) => {
      expect(uploadRefusal(kind, error)).toEqual({ status, answer: { ok: false, reason: error.reason, title, message, details: undefined } });
    },
  );

  it("the gallery's validation names each refused file on a line of its own", () => {
    const error = new AppError("INVALID", "images_refused", { params: { names: ["urlaub.png", "riesig.jpg"], problems: ["notImage", "tooLarge"] } });
    expect(uploadRefusal("gallery", error)).toEqual({
      status: 400,
      answer: {
        ok: false,
        reason: "images_refused",
        title: "Upload-Validierung fehlgeschlagen",
        message: "urlaub.png ist kein gültiges Bild. riesig.jpg ist zu groß. Maximale Dateigröße: 5MB",
        details: ["urlaub.png ist kein gültiges Bild.", "riesig.jpg ist zu groß. Maximale Dateigröße: 5MB"],
      },
    });
  });

  it.each([
    ["avatar", "Upload failed", "Error updating avatar"],
    ["gallery", "Upload fehlgeschlagen", "Die Bilder konnten nicht gespeichert werden. Bitte versuchen Sie es erneut."],
  ] as const)("%s: something unexpected is 500 with the kind's own words, and logged", (kind, title, message) => {
    const logged = captureLog();
    const refused = uploadRefusal(kind, new Error("disk on fire"));
    expect(refused).toMatchObject({ status: 500, answer: { ok: false, reason: "unexpected", title, message } });
    expect(logged.errors()).toHaveLength(1);
  });
});

describe("an upload while signed out", () => {
  async function upload(headers: Record<string, string>): Promise<Response> {
    vi.mocked(readSession).mockResolvedValue({ user: null, setCookies: [] });
    const body = new FormData();
    body.append("avatar", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "a.png");
    const request = new Request("http://localhost/profile/avatar", { method: "POST", body, headers });
    const context = createRequestContext({ requestId: "test-request", cspNonce: "" });
    const run = vi.fn(() => Promise.reject(new Error("the use-case must not run signed out")));
    let answer: Response | undefined;
    await requestMiddleware({ request, context, params: {}, unstable_pattern: "" } as never, async () => {
      answer = await handleImageUpload({ request, context }, { kind: "avatar", maxFiles: 1, run }).catch((thrown: unknown) => thrown as Response);
      return new Response(null);
    });
    expect(run).not.toHaveBeenCalled();
    return answer!;
  }

  it("a script gets 401 with the toast to show", async () => {
    const answer = await upload({ Accept: "application/json" });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await answer.json()).toEqual({ ok: false, reason: "sign_in_required", title: "Upload failed", message: "Bitte melden Sie sich an." });
  });

  it("a form post without JavaScript goes to the sign-in page and back to the profile", async () => {
    const answer = await upload({ "Sec-Fetch-Mode": "navigate" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/auth?redirectTo=%2Fprofile");
  });
});
