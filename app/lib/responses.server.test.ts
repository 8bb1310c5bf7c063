import { isRouteErrorResponse, redirect } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { de } from "~/i18n/de";
import { AppError, ERROR_REASONS, KIND_STATUS } from "./errors";
import { errorText } from "~/i18n/errors.de";
import { actionResult, errorResponse, failureOf, withHeaders, type WithHeaders } from "./responses.server";
import { runWithRequestId } from "./request-context.server";
import { captureLog } from "../../tests/support/log-capture";

afterEach(() => vi.restoreAllMocks());

describe("the error policy", () => {
  it("answers every kind of refusal with its status, the reason and its words, without a log line", () => {
    const logged = captureLog();
    for (const [kind, status] of Object.entries(KIND_STATUS)) {
      if (kind === "UNAVAILABLE") continue;
      const { failure, status: answered } = failureOf(new AppError(kind as keyof typeof KIND_STATUS, "service_not_found"), "test");
      expect(answered).toBe(status);
      expect(failure).toEqual({ ok: false, reason: "service_not_found", message: de.services.form.notFound, fieldErrors: {} });
    }
    expect(logged.lines()).toEqual([]);
  });

  it("hidden and forbidden-to-see reads are 404, conflicts 409, limits 429, user input 400", () => {
    expect(KIND_STATUS).toMatchObject({ NOT_FOUND: 404, CONFLICT: 409, RATE_LIMITED: 429, INVALID: 400, UNAVAILABLE: 503 });
  });

  it("has words for every reason", () => {
    for (const reason of ERROR_REASONS) expect(errorText(reason, { free: 2, max: 3, names: ["a.png"], problems: ["tooLarge"] }), reason).toMatch(/\S/);
  });

  it("puts a reason's words on its field, keeps the schema's field messages, and reads as the first field message", () => {
    const taken = failureOf(new AppError("CONFLICT", "username_taken", { field: "username" }), "test").failure;
    expect(taken.fieldErrors).toEqual({ username: de.profile.errors.usernameTaken });
    const invalid = failureOf(new AppError("INVALID", "invalid_input", { fieldErrors: { title: "Titel fehlt", price: "Preis fehlt" } }), "test").failure;
    expect(invalid).toMatchObject({ message: "Titel fehlt", fieldErrors: { title: "Titel fehlt", price: "Preis fehlt" } });
  });

  it("lets a screen word a reason its own way", () => {
    const { failure } = failureOf(new AppError("UNAUTHORIZED", "sign_in_required"), "test", { sign_in_required: de.reviews.authRequiredText });
    expect(failure.message).toBe(de.reviews.authRequiredText);
  });

  it("logs anything else once with the request id: 503 when a part we depend on failed, 500 for a bug", () => {
    const logged = captureLog();
    const down = runWithRequestId("req-1", () => failureOf(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }), "list"));
    expect(down.status).toBe(503);
    expect(down.failure).toEqual({ ok: false, reason: "unexpected", message: de.serverError.unexpected, fieldErrors: {} });
    expect(runWithRequestId("req-2", () => failureOf(new TypeError("x is undefined"), "list")).status).toBe(500);
    expect(failureOf(new AppError("UNAVAILABLE", "message_send_failed"), "send").status).toBe(503);
    const [first, second, third] = logged.errors();
    expect(logged.errors()).toHaveLength(3);
    expect(first).toMatchObject({ reqId: "req-1", where: "list", err: { message: "connect ECONNREFUSED", code: "ECONNREFUSED" } });
    expect(second).toMatchObject({ reqId: "req-2", where: "list", err: { type: "TypeError", message: "x is undefined" } });
    expect(second!.err!.stack).toMatch(/^TypeError: x is undefined\n\s+at /);
    expect(third).not.toHaveProperty("reqId"); // outside a request
  });

  it("lets a redirect or a response thrown on purpose through", () => {
    expect(() => failureOf(redirect("/auth"), "x")).toThrow(Response);
    const thrown = (() => {
      try {
        errorResponse(redirect("/x"), "x");
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(Response);
    const response = errorResponse(new AppError("NOT_FOUND", "ticket_not_found"), "x");
    expect(response.init?.status).toBe(404);
    expect(isRouteErrorResponse(response)).toBe(false);
  });
});

describe("the action adapter", () => {
  it("answers success with the value and the intent", async () => {
    const result = await actionResult(async () => ({ id: "s1" }), { intent: "create" });
    expect(result.data).toEqual({ intent: "create", ok: true, id: "s1" });
    expect(result.init?.status).toBeUndefined();
  });

  it("answers a refusal with its status, intent and the submitted values", async () => {
    const result = await actionResult(
      async () => {
        throw new AppError("RATE_LIMITED", "ticket_rate_limited");
      },
      { intent: "create", values: { subject: "Hilfe" } },
    );
    expect(result.init?.status).toBe(429);
    expect(result.data).toEqual({ intent: "create", ok: false, reason: "ticket_rate_limited", message: de.support.tooMany, fieldErrors: {}, values: { subject: "Hilfe" } });
  });

  it("sends the headers a work's answer must carry, each cookie on its own, with the adapter's", async () => {
    const cookies = new Headers();
    cookies.append("Set-Cookie", "session=abc; HttpOnly");
    cookies.append("Set-Cookie", "theme=dark");
    const result = await actionResult(async () => withHeaders({ email: "a@example.de" }, cookies), {
      intent: "signUp",
      headers: { "Set-Cookie": "flash=1" },
    });
    expect(result.data).toEqual({ intent: "signUp", ok: true, email: "a@example.de" });
    // Typed as the value itself (what useActionData<typeof action> sees), not as the wrapper.
    const email: string = result.data.ok ? result.data.email : "";
    expect(email).toBe("a@example.de");
    expect(new Headers(result.init?.headers).getSetCookie()).toEqual(["flash=1", "session=abc; HttpOnly", "theme=dark"]);
  });

  it("sends no headers of a work that refused", async () => {
    const result = await actionResult(async (): Promise<WithHeaders<{ email: string }>> => {
      throw new AppError("RATE_LIMITED", "rate_limited");
    });
    expect(result.init?.status).toBe(429);
    expect(new Headers(result.init?.headers).getSetCookie()).toEqual([]);
    expect(result.data).toMatchObject({ ok: false, reason: "rate_limited" });
  });

  it("lets a redirect out of the work through", async () => {
    await expect(actionResult(async () => Promise.reject(redirect("/services/1")))).rejects.toBeInstanceOf(Response);
  });
});
