import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeRedirectPath("/services?category=Design#liste")).toBe("/services?category=Design#liste");
    expect(safeRedirectPath("/chats/abc")).toBe("/chats/abc");
  });

  it.each(["https://evil.example/", "//evil.example", "/\\evil.example", "evil", "", "/a\nb", "/a\u0000b", "/a\u007fb"])(
    "refuses %j and answers the fallback",
    (target) => {
      expect(safeRedirectPath(target, "/dashboard")).toBe("/dashboard");
    },
  );

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(new File(["x"], "x.txt") as unknown as FormDataEntryValue)).toBe("/");
  });

  it("percent-encodes what a Location header cannot carry, so the redirect itself works", () => {
    const path = safeRedirectPath("/u/jürgen?q=Größe €");
    expect(path).toBe("/u/j%C3%BCrgen?q=Gr%C3%B6%C3%9Fe%20%E2%82%AC");
    expect(redirect(path).headers.get("Location")).toBe(path);
    // Dot segments resolve as the browser would; the result stays on this site.
    expect(safeRedirectPath("/services/../../../etc")).toBe("/etc");
  });
});
