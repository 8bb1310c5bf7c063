import { describe, expect, it } from "vitest";
import { displayName, formatDate, formatPrice, formatRating, initials } from "./format";

describe("formatting", () => {
  it("formats money in euros the German way", () => {
    expect(formatPrice("1800.00")).toBe("1.800,00\u00a0€");
    expect(formatPrice("19.9")).toBe("19,90\u00a0€");
  });
  it("shows ratings with one decimal", () => {
    expect(formatRating("4.50")).toBe("4,5");
    expect(formatRating(3)).toBe("3,0");
  });
  it("makes at most two initials and falls back to Unknown User", () => {
    expect(initials("anna", "schmidt")).toBe("AS");
    expect(initials("Anna-Lena", "")).toBe("A");
    expect(initials(null, null)).toBe("?");
    expect(displayName(" ", null)).toBe("Unknown User");
    expect(displayName("Anna", "Schmidt")).toBe("Anna Schmidt");
  });
  it("formats dates in Germany's time zone whatever the machine's", () => {
    // 23:30 UTC on 31 December is already 1 January in Berlin.
    expect(formatDate("2025-12-31T23:30:00Z")).toBe("1. Januar 2026");
    expect(formatDate("2025-06-15T10:05:00Z", "dateTime")).toBe("15.06.2025, 12:05");
    expect(formatDate("2025-06-15T10:05:00Z", "monthYear")).toBe("Juni 2025");
  });
});
