import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";
import { runWithRequestId } from "./lib/request-id.server";
import { captureLog } from "../tests/support/log-capture";

afterEach(() => vi.restoreAllMocks());

describe("what escapes a route is logged once, and only when it is ours", () => {
  it("a refusal by the router itself (405 for a POST to a page without a form, 404) is not logged", () => {
    const logged = captureLog();
    const request = new Request("http://localhost/terms", { method: "POST" });
    handleError(new ErrorResponse(405, "Method Not Allowed", null, true), { request });
    handleError(new ErrorResponse(404, "Not Found", null, true), { request });
    expect(logged.lines()).toEqual([]);
  });

  it("a failure is logged with the request and its path", () => {
    const logged = captureLog();
    runWithRequestId("req-7", () => handleError(new TypeError("boom"), { request: new Request("http://localhost/dashboard") }));
    expect(logged.errors()).toHaveLength(1);
    expect(logged.errors()[0]).toMatchObject({ reqId: "req-7", msg: expect.stringContaining("GET /dashboard"), err: { type: "TypeError", message: "boom" } });
    expect(logged.errors()[0]!.err!.stack).toContain("TypeError: boom");
  });
});
