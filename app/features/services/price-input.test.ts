import { describe, expect, it } from "vitest";
import { de } from "~/i18n/de";
import { formatPriceInput, parsePriceInput } from "./price-input";
import { createServiceSchema, editServiceSchema } from "./schema";

const form = (price: string) => ({ title: "Beratung", price, category: "Other" });
const priceError = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? undefined : result.error!.issues.find((issue) => issue.path[0] === "price")?.message;

const t = de.services.form;

describe("a typed price, read the German way", () => {
  // Input → the price stored (numeric(10,2)), or the refusal, on create and on edit alike.
  it.each([
    ["49,90", "49.90"],
    ["49,9", "49.90"],
    ["49", "49.00"],
    ["0", "0.00"],
    ["0,5", "0.50"],
    [",5", "0.50"],
    ["1.250", "1250.00"],
    ["12.500", "12500.00"],
    ["1.250,00", "1250.00"],
    ["1.250,5", "1250.50"],
    ["1.000.000", "1000000.00"],
    ["1.000.000,00", "1000000.00"],
    ["1250.50", "1250.50"],
    ["1250.5", "1250.50"],
    ["149.5", "149.50"],
    ["0.99", "0.99"],
    ["  49,90  ", "49.90"],
    ["1 250,00", "1250.00"],
    ["1\u00a0250", "1250.00"],
    ["49,90 €", "49.90"],
    ["€ 1.250", "1250.00"],
  ])("%j is %s", (input, stored) => {
    for (const schema of [createServiceSchema, editServiceSchema("Other")]) {
      const result = schema.safeParse(form(input));
      expect(priceError(result)).toBeUndefined();
      expect(result.data?.price).toBe(stored);
    }
  });

  it.each([
    // Ambiguous: never guessed.
    ["1,250.00", t.priceNumeric],
    ["0.500", t.priceNumeric],
    ["1250.000", t.priceNumeric],
    ["1.25.0", t.priceNumeric],
    ["1.2.3", t.priceNumeric],
    ["12.50,00", t.priceNumeric],
    ["1,2,3", t.priceNumeric],
    // Malformed.
    ["49,", t.priceNumeric],
    ["49,90 EUR", t.priceNumeric],
    ["4 9,9O", t.priceNumeric],
    ["1e3", t.priceNumeric],
    ["0x10", t.priceNumeric],
    ["--5", t.priceNumeric],
    ["Infinity9", t.priceNumeric],
    // Read, but out of the rules.
    ["49,999", t.priceStep],
    ["1.2345", t.priceStep],
    ["-1", t.priceMin],
    ["-1.250", t.priceMin],
    ["1.000.000,01", t.priceMax],
    ["2.000.000", t.priceMax],
    ["", t.priceRequired],
    ["   ", t.priceRequired],
  ])("%j is refused: %s", (input, message) => {
    for (const schema of [createServiceSchema, editServiceSchema("Other")]) {
      expect(priceError(schema.safeParse(form(input)))).toBe(message);
    }
  });

  it("text without any digit is not a number on create, and 0 on edit (spec section 5)", () => {
    for (const input of ["kostenlos", "-", "€"]) {
      expect(priceError(createServiceSchema.safeParse(form(input)))).toBe(t.priceNumeric);
      expect(editServiceSchema("Other").safeParse(form(input)).data?.price).toBe("0.00");
    }
  });

  it("parses to the number, or null", () => {
    expect(parsePriceInput("49,90")).toBe(49.9);
    expect(parsePriceInput("1.250")).toBe(1250);
    expect(parsePriceInput("0.500")).toBeNull();
    expect(parsePriceInput("")).toBeNull();
  });

  it("shows a stored price for editing in the German form the parser reads back", () => {
    for (const [stored, shown] of [
      ["49.90", "49,90"],
      ["1250.00", "1250,00"],
      ["0.00", "0,00"],
      ["1000000.00", "1000000,00"],
    ] as const) {
      expect(formatPriceInput(stored)).toBe(shown);
      expect(parsePriceInput(shown)?.toFixed(2)).toBe(stored);
    }
  });
});
