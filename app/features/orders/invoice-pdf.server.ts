import PDFDocument from "pdfkit";
import type { InvoiceRow, PostalAddress } from "~/db/schema";
import { ordersDe } from "~/i18n/orders.de";
import { quantityNumber, quantityText } from "./quantity";
import { formatIban } from "./schema";

const t = ordersDe.invoice;

const euro = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });
const money = (value: string) => euro.format(Number(value));
/** "2026-11-23" → "23.11.2026" */
const germanDate = (isoDate: string) => isoDate.split("-").reverse().join(".");

const addressLines = (address: PostalAddress) => [address.name, address.street, `${address.postalCode} ${address.city}`, ...(address.country && address.country !== "Deutschland" ? [address.country] : [])];

const MARGIN = 56;
const INK = "#1f2433";
const MUTED = "#5b6275";
const ACCENT = "#3b4fc4";

/**
 * The invoice as a PDF (A4, DIN 5008-like layout) with every mandatory field of §14 (4) UStG:
 * both parties' names and addresses, the provider's tax number or VAT id, the issue date, the
 * number, quantity and kind of the service, when it was performed, the net amount, the VAT rate
 * and amount (or the §19 note), and the gross amount. Everything comes from the invoice row, so a
 * later render shows exactly what was issued. Helvetica (built into every PDF reader) covers German.
 */
export function renderInvoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: {
      Title: `${t.pdfTitle} ${invoice.number}`,
      Author: invoice.issuer.name,
      Subject: invoice.description,
      CreationDate: invoice.createdAt,
    },
    lang: "de-DE",
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const issuer = invoice.issuer;

  // The provider, top right.
  doc.font("Helvetica-Bold").fontSize(13).fillColor(INK).text(issuer.name, MARGIN, MARGIN, { width, align: "right" });
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  doc.text(addressLines(issuer).slice(1).join("\n"), { width, align: "right" });
  if (issuer.email) doc.text(issuer.email, { width, align: "right" });

  // The recipient in the address window (DIN 5008: 45 mm from the top), with the sender line above it.
  const windowTop = 128;
  doc.fontSize(7).fillColor(MUTED).text(`${issuer.name} · ${issuer.street} · ${issuer.postalCode} ${issuer.city}`, MARGIN, windowTop, { width: 240 });
  doc.moveDown(0.4);
  doc.fontSize(8).text(t.recipient);
  doc.font("Helvetica").fontSize(11).fillColor(INK).text(addressLines(invoice.recipient).join("\n"), { width: 240 });

  // The invoice's own data, right of the window.
  const metaX = MARGIN + 290;
  const metaWidth = width - 290;
  const meta: [string, string][] = [
    [t.number, invoice.number],
    [t.issuedOn, germanDate(invoice.issuedOn)],
    [t.performedOn, germanDate(invoice.performedOn)],
    [t.orderRef, invoice.orderId.slice(0, 8).toUpperCase()],
  ];
  if (issuer.vatId) meta.push([t.vatId, issuer.vatId]);
  if (issuer.taxNumber) meta.push([t.taxNumber, issuer.taxNumber]);
  let y = windowTop;
  for (const [label, value] of meta) {
    doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(label, metaX, y, { width: metaWidth / 2 });
    doc.font("Helvetica").fontSize(9).fillColor(INK).text(value, metaX + metaWidth / 2, y, { width: metaWidth / 2, align: "right" });
    y += 15;
  }

  // Title.
  y = Math.max(y, doc.y) + 36;
  doc.font("Helvetica-Bold").fontSize(18).fillColor(ACCENT).text(`${t.pdfTitle} ${invoice.number}`, MARGIN, y, { width });
  y = doc.y + 16;

  // The position.
  const columns = [
    { label: t.position, x: MARGIN, width: 30, align: "left" as const },
    { label: t.description, x: MARGIN + 34, width: width - 34 - 240, align: "left" as const },
    { label: t.quantity, x: MARGIN + width - 236, width: 70, align: "right" as const },
    { label: invoice.smallBusiness ? t.unitPrice : t.unitPriceGross, x: MARGIN + width - 162, width: 80, align: "right" as const },
    { label: invoice.smallBusiness ? t.amount : t.amountGross, x: MARGIN + width - 80, width: 80, align: "right" as const },
  ];
  doc.rect(MARGIN, y - 4, width, 20).fill("#eef0fa");
  doc.font("Helvetica-Bold").fontSize(9).fillColor(INK);
  for (const column of columns) doc.text(column.label, column.x, y + 1, { width: column.width, align: column.align });
  y += 24;
  // As the order page says it ("8 Stunden"); a fixed price is one service, its quantity a plain "1".
  const quantity = invoice.priceUnit === "fixed" ? quantityNumber(invoice.quantity) : quantityText(invoice.priceUnit, invoice.quantity);
  const cells = ["1", invoice.description, quantity, money(invoice.unitPrice), money(invoice.gross)];
  doc.font("Helvetica").fontSize(10).fillColor(INK);
  let rowBottom = y;
  columns.forEach((column, i) => {
    doc.text(cells[i]!, column.x, y, { width: column.width, align: column.align });
    rowBottom = Math.max(rowBottom, doc.y);
  });
  y = rowBottom + 10;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(0.5).strokeColor("#c9cde0").stroke();
  y += 10;

  // Totals.
  const totals: [string, string, boolean][] = invoice.smallBusiness
    ? [[t.total, money(invoice.gross), true]]
    : [
        [t.net, money(invoice.net), false],
        [t.vat(invoice.vatRate), money(invoice.vat), false],
        [t.gross, money(invoice.gross), true],
      ];
  for (const [label, value, strong] of totals) {
    doc.font(strong ? "Helvetica-Bold" : "Helvetica").fontSize(strong ? 11 : 10).fillColor(INK);
    doc.text(label, MARGIN + width - 260, y, { width: 170, align: "right" });
    doc.text(value, MARGIN + width - 90, y, { width: 90, align: "right" });
    y += strong ? 20 : 16;
  }

  // Notes: §19, payment.
  y += 16;
  doc.font("Helvetica").fontSize(10).fillColor(INK);
  if (invoice.smallBusiness) {
    doc.text(t.smallBusiness, MARGIN, y, { width });
    y = doc.y + 8;
  }
  doc.text(t.payment, MARGIN, y, { width });
  y = doc.y + 8;
  if (issuer.iban) {
    const bank = [`${t.iban}: ${formatIban(issuer.iban)}`, issuer.bic ? `${t.bic}: ${issuer.bic}` : null, issuer.bankName].filter(Boolean).join(" · ");
    doc.font("Helvetica-Bold").text(`${t.bank}: `, MARGIN, y, { continued: true }).font("Helvetica").text(bank);
  }

  // Footer, inside the bottom margin (which pdfkit would otherwise answer with a new page).
  doc.page.margins.bottom = 0;
  const footerY = doc.page.height - MARGIN - 24;
  doc.font("Helvetica").fontSize(8).fillColor(MUTED);
  const ids = [issuer.taxNumber ? `${t.taxNumber} ${issuer.taxNumber}` : null, issuer.vatId ? `${t.vatId} ${issuer.vatId}` : null].filter(Boolean).join(" · ");
  doc.text(`${issuer.name} · ${issuer.street} · ${issuer.postalCode} ${issuer.city}${ids ? ` · ${ids}` : ""}`, MARGIN, footerY, { width, align: "center" });
  doc.text(t.footer, { width, align: "center" });

  doc.end();
  return finished;
}
