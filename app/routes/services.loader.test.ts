import { afterEach, describe, expect, it, vi } from "vitest";
import { closeDatabase } from "~/lib/db.server";
import { unexpectedFailure } from "~/lib/errors";
import { loader } from "./services";

afterEach(() => vi.restoreAllMocks());

describe("catalogue loader when the database fails", () => {
  it("leaves an empty list with a note and a 503 (spec: load failures leave an empty list)", async () => {
    await closeDatabase(); // no database: getDatabase() throws, as a lost connection would
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const request = new Request("http://localhost/services?category=Design&page=3");
    const result = (await loader({ request, params: {}, context: {} } as never)) as unknown as { data: Record<string, unknown>; init: ResponseInit };
    expect(result.init.status).toBe(503);
    expect(result.data).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1, loadFailed: true });
    expect(result.data.filters).toMatchObject({ category: "Design" });
    expect(logged).toHaveBeenCalledOnce();
  });
});

describe("unexpectedFailure", () => {
  it("lets a redirect through and turns anything else into a logged 503", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const redirect = new Response(null, { status: 302, headers: { Location: "/services" } });
    expect(() => unexpectedFailure(redirect, "x")).toThrow(Response);
    expect(unexpectedFailure(new Error("connection refused"), "create service")).toEqual({ status: 503 });
    expect(logged).toHaveBeenCalledWith("create service:", expect.any(Error));
  });
});
