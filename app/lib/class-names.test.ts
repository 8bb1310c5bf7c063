import { describe, expect, it } from "vitest";
import { cn } from "./class-names";

describe("cn", () => {
  it("joins class names, conditions and arrays as written", () => {
    const open = false;
    expect(cn("ui-card", open && "x", ["pt-6", null], { "text-sm": true, hidden: open })).toBe("ui-card pt-6 text-sm");
  });

  it("refuses two utilities for the same property in tests (the stylesheet's order would pick one)", () => {
    expect(() => cn("grid gap-5", "hidden")).toThrow(/grid overridden/);
    expect(() => cn("text-sm", "text-xs")).toThrow(/text-sm/);
  });

  it("lets a caller's utilities sit beside a primitive's component classes", () => {
    expect(cn("ui-card-content", "pt-6")).toBe("ui-card-content pt-6");
  });
});
