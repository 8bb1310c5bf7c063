import { describe, expect, it } from "vitest";
import { displayName, formatChatListTime, formatChatStamp, formatDate, formatFileSize, formatPrice, formatRating, formatTime, initials } from "./format";

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

describe("chat formats", () => {
  const now = new Date("2026-11-20T12:00:00Z"); // a Friday, 13:00 in Berlin
  it("lists: time under 24 h, weekday under 168 h, else month and day", () => {
    expect(formatChatListTime("2026-11-20T08:05:00Z", now)).toBe("09:05");
    expect(formatChatListTime("2026-11-18T08:05:00Z", now)).toBe("Mittwoch");
    expect(formatChatListTime("2026-11-01T08:05:00Z", now)).toBe("1. Nov.");
  });
  it("live chat: dd.MM.yyyy HH:mm in the list, HH:mm per message", () => {
    expect(formatChatStamp("2026-03-04T17:09:00Z")).toBe("04.03.2026 18:09");
    expect(formatTime("2026-07-04T17:09:00Z")).toBe("19:09");
  });
  it("file sizes in Bytes, KB, MB, GB with one decimal", () => {
    expect(formatFileSize(512)).toBe("512 Bytes");
    expect(formatFileSize(1536)).toBe("1,5 KB");
    expect(formatFileSize(10 * 1024 * 1024)).toBe("10,0 MB");
    expect(formatFileSize(3 * 1024 ** 3)).toBe("3,0 GB");
  });
});
