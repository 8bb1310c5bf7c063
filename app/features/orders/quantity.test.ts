import { describe, expect, it } from "vitest";
import { parseQuantity, quantityText } from "./quantity";

describe("order quantities", () => {
  it.each([
    ["", "1"],
    ["  ", "1"],
    ["2", "2"],
    ["2,5", "2.5"],
    ["2.50", "2.5"],
    ["0,25", "0.25"],
    ["10000", "10000"],
  ])("reads %j as %j", (typed, stored) => {
    expect(parseQuantity(typed)).toBe(stored);
  });

  it.each(["0,1", "0", "-1", "1,555", "1.000,5", "10000,01", "zwei", "1e3", "2,5 Std."])("refuses %j (the booking form then shows no total)", (typed) => {
    expect(parseQuantity(typed)).toBeNull();
  });

  it("says a quantity with its unit", () => {
    expect(quantityText("hour", "8")).toBe("8 Stunden");
    expect(quantityText("day", "1.5")).toBe("1,5 Tage");
    expect(quantityText("month", "1")).toBe("1 Monat");
  });
});
