import { describe, expect, it } from "vitest";
import type { InvoiceRow } from "~/db/schema";
import { pdfText } from "../../../tests/support/pdf-text";
import { renderInvoicePdf } from "./invoice-pdf.server";

const base: InvoiceRow = {
  id: "5f0c7c3e-2f3b-4b7e-9a1e-1c2d3e4f5a6b",
  orderId: "a1b2c3d4-0000-4000-8000-000000000001",
  sellerId: "u-seller",
  buyerId: "u-buyer",
  issuerKey: "u-seller",
  number: "RE-2026-0042",
  issuedOn: "2026-11-23",
  performedOn: "2026-11-20",
  issuer: {
    name: "Studio Sonne GmbH",
    street: "Am Markt 1",
    postalCode: "80331",
    city: "München",
    country: "Deutschland",
    taxNumber: "143/123/45678",
    vatId: "DE123456789",
    iban: "DE89370400440532013000",
    bic: "COBADEFFXXX",
    bankName: "Commerzbank",
    email: "studio@example.de",
  },
  recipient: { name: "Berta Kundin", street: "Hauptstraße 5", postalCode: "10115", city: "Berlin", country: "Deutschland" },
  description: "Gitarrenunterricht für Anfänger",
  priceUnit: "hour",
  quantity: "2.50",
  unitPrice: "30.00",
  net: "63.03",
  vatRate: 19,
  vat: "11.97",
  gross: "75.00",
  smallBusiness: false,
  storageKey: null,
  paidAt: null,
  createdAt: new Date("2026-11-23T10:00:00Z"),
};

describe("the invoice PDF", () => {
  it("carries every mandatory field of §14 (4) UStG, as a reader extracts it", async () => {
    const [text, ...more] = await pdfText(await renderInvoicePdf(base));
    expect(more).toEqual([]);
    // 1. Full name and address of the provider and of the recipient.
    for (const part of ["Studio Sonne GmbH", "Am Markt 1", "80331 München", "Berta Kundin", "Hauptstraße 5", "10115 Berlin"]) expect(text).toContain(part);
    // 2. The provider's tax number or VAT id.
    expect(text).toContain("143/123/45678");
    expect(text).toContain("DE123456789");
    // 3. Issue date; 4. a unique number; 6. when the service was performed.
    expect(text).toMatch(/Rechnungsdatum 23\.11\.2026/);
    expect(text).toContain("RE-2026-0042");
    expect(text).toMatch(/Leistungsdatum 20\.11\.2026/);
    // 5. Quantity and kind of the service.
    expect(text).toContain("Gitarrenunterricht für Anfänger");
    expect(text).toMatch(/ 2,5 Stunden /);
    // 7. Net amount; 8. VAT rate and amount; the gross.
    expect(text).toMatch(/Nettobetrag 63,03 €/);
    expect(text).toMatch(/Umsatzsteuer 19 % 11,97 €/);
    expect(text).toMatch(/Rechnungsbetrag 75,00 €/);
    expect(text).not.toContain("§ 19 UStG");
    // Where to pay.
    expect(text).toContain("DE89 3704 0044 0532 0130 00");
  });

  it("a small business (§19 UStG) shows the note instead of VAT", async () => {
    const [text] = await pdfText(
      await renderInvoicePdf({ ...base, smallBusiness: true, vatRate: 0, net: "75.00", vat: "0.00", issuer: { ...base.issuer, vatId: null } }),
    );
    expect(text).toContain("Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.");
    expect(text).not.toMatch(/Umsatzsteuer \d+ %/);
    expect(text).not.toContain("Nettobetrag");
    expect(text).toMatch(/Gesamtbetrag 75,00 €/);
    expect(text).toContain("143/123/45678");
  });

  it("says the quantity as the order page does: with its unit, a fixed price as a plain 1", async () => {
    const quantityOf = async (priceUnit: InvoiceRow["priceUnit"], quantity: string) => {
      const [text] = await pdfText(await renderInvoicePdf({ ...base, priceUnit, quantity }));
      return text!.match(/Gitarrenunterricht für Anfänger (.+?) 30,00 €/)?.[1];
    };
    expect(await quantityOf("hour", "8.00")).toBe("8 Stunden");
    expect(await quantityOf("hour", "1.00")).toBe("1 Stunde");
    expect(await quantityOf("day", "1.50")).toBe("1,5 Tage");
    expect(await quantityOf("month", "3.00")).toBe("3 Monate");
    expect(await quantityOf("fixed", "1.00")).toBe("1");
  });

  it("renders the same invoice the same way (it can be rendered again from its row)", async () => {
    const [a, b] = await Promise.all([renderInvoicePdf(base), renderInvoicePdf(base)]);
    expect((await pdfText(a))[0]).toBe((await pdfText(b))[0]);
  });
});
