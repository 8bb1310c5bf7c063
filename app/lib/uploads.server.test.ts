import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalStorage, isValidKey, keyFromPublicUrl, serveStoredFile } from "./storage.server";
import { detectFile, readMultipart } from "./uploads.server";
import { pdfBytes, pngBytes } from "../../tests/support/files";


function multipartRequest(parts: { field: string; name?: string; type?: string; data: Buffer | string }[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.name === undefined) form.append(part.field, String(part.data));
    else form.append(part.field, new Blob([typeof part.data === "string" ? part.data : new Uint8Array(part.data)], { type: part.type ?? "application/octet-stream" }), part.name);
  }
  return new Request("http://localhost/upload", { method: "POST", body: form });
}

describe("readMultipart", () => {
  it("reads fields and files", async () => {
    const body = await readMultipart(
      multipartRequest([
        { field: "text", data: "Hallo" },
        { field: "file", name: "a.txt", data: "Inhalt" },
      ]),
      { maxFileBytes: 100, maxFiles: 1 },
    );
    expect(body.fields).toEqual({ text: "Hallo" });
    expect(body.files).toHaveLength(1);
    expect(body.files[0]).toMatchObject({ field: "file", name: "a.txt", size: 6, tooLarge: false });
    expect(body.files[0]!.data.toString()).toBe("Inhalt");
  });

  it("accepts a file of exactly the limit and cuts off one byte more", async () => {
    const exact = await readMultipart(multipartRequest([{ field: "f", name: "a.txt", data: Buffer.alloc(1000, 97) }]), {
      maxFileBytes: 1000,
      maxFiles: 1,
    });
    expect(exact.files[0]).toMatchObject({ tooLarge: false, size: 1000 });
    const over = await readMultipart(multipartRequest([{ field: "f", name: "a.txt", data: Buffer.alloc(1001, 97) }]), {
      maxFileBytes: 1000,
      maxFiles: 1,
    });
    expect(over.files[0]).toMatchObject({ tooLarge: true });
    expect(over.files[0]!.data.length).toBe(0);
  });

  it("refuses a body that is not a form, and too many files", async () => {
    await expect(readMultipart(new Request("http://x/", { method: "POST", body: "{}" }), { maxFileBytes: 1, maxFiles: 1 })).rejects.toMatchObject({
      code: "INVALID",
    });
    await expect(
      readMultipart(
        multipartRequest([
          { field: "f", name: "a.txt", data: "a" },
          { field: "f", name: "b.txt", data: "b" },
        ]),
        { maxFileBytes: 10, maxFiles: 1 },
      ),
    ).rejects.toMatchObject({ code: "INVALID" });
  });

  it("ignores an empty file input", async () => {
    const body = await readMultipart(multipartRequest([{ field: "f", name: "", data: "" }]), { maxFileBytes: 10, maxFiles: 1 });
    expect(body.files).toEqual([]);
  });
});

describe("detectFile", () => {
  it("takes the type from the bytes and requires the name to agree", async () => {
    const png = await pngBytes();
    expect(await detectFile(png, "bild.png")).toMatchObject({ kind: "png", ext: "png", mime: "image/png" });
    expect(await detectFile(png, "rechnung.pdf")).toBeNull();
    expect(await detectFile(Buffer.from("<!DOCTYPE html><script>alert(1)</script>"), "bild.png")).toBeNull();
    expect(await detectFile(Buffer.from("<html><body>x</body></html>"), "notiz.txt")).toBeNull();
    expect(await detectFile(Buffer.from("Ganz normaler Text äöü"), "notiz.txt")).toMatchObject({ kind: "text", ext: "txt" });
    expect(await detectFile(pdfBytes(), "a.pdf")).toMatchObject({ kind: "pdf" });
    expect(await detectFile(Buffer.from([0, 1, 2, 3]), "a.txt")).toBeNull();
    expect(await detectFile(Buffer.alloc(0), "a.txt")).toBeNull();
  });
});

describe("local storage", () => {
  it("stores, serves with safe headers, and deletes by key and prefix", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "storage-"));
    const storage = createLocalStorage(root);
    await storage.put("chat-attachments/u1/1-a.txt", Buffer.from("hallo"));
    await storage.put("gallery/u1/gallery/2-b.png", await pngBytes());

    const text = await serveStoredFile(storage, "chat-attachments/u1/1-a.txt", { downloadName: "Notiz.txt", cache: "private" });
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(text.headers.get("content-disposition")).toMatch(/^attachment; filename="Notiz.txt"/);
    expect(await text.text()).toBe("hallo");

    const image = await serveStoredFile(storage, "gallery/u1/gallery/2-b.png", { cache: "public" });
    expect(image.headers.get("content-disposition")).toMatch(/^inline/);
    expect(text.headers.get("content-security-policy")).toContain("sandbox");
    expect(image.headers.get("content-security-policy")).toContain("sandbox");
    await storage.put("chat-attachments/u1/3-c.pdf", pdfBytes());
    const pdf = await serveStoredFile(storage, "chat-attachments/u1/3-c.pdf", { downloadName: "Angebot.pdf", cache: "private" });
    // Inline, and without a sandbox, which would keep the browser's PDF viewer from running.
    expect(pdf.headers.get("content-disposition")).toMatch(/^inline; filename="Angebot.pdf"/);
    expect(pdf.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");

    await storage.deletePrefix("gallery/u1");
    expect(await storage.get("gallery/u1/gallery/2-b.png")).toBeNull();
    await storage.delete("chat-attachments/u1/1-a.txt");
    expect((await serveStoredFile(storage, "chat-attachments/u1/1-a.txt", { cache: "private" })).status).toBe(404);
    await fs.rm(root, { recursive: true, force: true });
  });

  it("accepts only safe keys", () => {
    expect(isValidKey("avatars/u1/avatar.png")).toBe(true);
    expect(isValidKey("../etc/passwd")).toBe(false);
    expect(isValidKey("avatars/../../x")).toBe(false);
    expect(isValidKey("/avatars/u1")).toBe(false);
    expect(keyFromPublicUrl("/storage/avatars/u1/avatar.png")).toBe("avatars/u1/avatar.png");
    expect(keyFromPublicUrl("/storage/chat-attachments/u1/1.png")).toBeNull();
  });
});
