import { describe, expect, it } from "vitest";
import { maskedEmail } from "./emails";

describe("maskedEmail", () => {
  it("keeps the first two characters of the local part and the domain", () => {
    expect(maskedEmail("neu.adresse@example.de")).toBe("ne…@example.de");
    expect(maskedEmail("ab@example.de")).toBe("a…@example.de");
    expect(maskedEmail("a@example.de")).toBe("a…@example.de");
    expect(maskedEmail("kein-at")).toBe("…");
  });
});
