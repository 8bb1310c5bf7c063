import { afterEach, describe, expect, it, vi } from "vitest";
import { closeDatabase } from "~/lib/db.server";
import { inRequest } from "../../tests/support/request-context";
import { loader } from "./services";
import { captureLog } from "../../tests/support/log-capture";

afterEach(() => vi.restoreAllMocks());

describe("catalogue loader when the database fails", () => {
  it("leaves an empty list with a note and a 503 (spec: load failures leave an empty list)", async () => {
    await closeDatabase(); // no database: getDatabase() throws, as a lost connection would
    const logged = captureLog();
    const request = new Request("http://localhost/services?category=Design&page=3");
    const result = await inRequest(request, (context) => loader({ request, params: {}, context } as never) as unknown as Promise<{ data: Record<string, unknown>; init: ResponseInit }>);
    expect(result!.init.status).toBe(503);
    expect(result!.data).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1, loadFailed: true });
    expect(result!.data.filters).toMatchObject({ category: "Design" });
    // Logged once, with the request it happened in.
    expect(logged.errors()).toHaveLength(1);
    expect(logged.errors()[0]).toMatchObject({ where: "list services", reqId: "test" });
  });
});
