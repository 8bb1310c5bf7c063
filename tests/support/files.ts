import sharp from "sharp";

/** A small real PNG image (bytes a browser and sharp accept). */
export async function pngBytes(width = 4, height = 4, color = "#3366cc"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

/** A minimal PDF document. */
export function pdfBytes(): Buffer {
  return Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n", "latin1");
}
