import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

afterEach(() => vi.restoreAllMocks());

describe("what escapes a route is logged once, and only when it is ours", () => {
  it("a refusal by the router itself (405 for a POST to a page without a form, 404) is not logged", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const request = new Request("http://localhost/terms", { method: "POST" });
    handleError(new ErrorResponse(405, "Method Not Allowed", null, true), { request });
    handleError(new ErrorResponse(404, "Not Found", null, true), { request });
    expect(logged).not.toHaveBeenCalled();
  });

  it("a failure is logged with the request and its path", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    handleError(new TypeError("boom"), { request: new Request("http://localhost/dashboard") });
    expect(logged).toHaveBeenCalledOnce();
    expect(String(logged.mock.calls[0]![0])).toContain("GET /dashboard");
  });
});
