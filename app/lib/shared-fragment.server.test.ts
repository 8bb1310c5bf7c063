import { Readable } from "node:stream";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { fragmentMarkers, fragmentSplicer, SharedFragment } from "./shared-fragment.server";

/** Runs `chunks` through the splicer and collects what comes out. */
async function spliced(chunks: Buffer[], pieces: SharedFragment[], gzip: boolean): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(fragmentSplicer(pieces, gzip))) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

describe("shared fragments spliced into a document's bytes", () => {
  const cards = new SharedFragment(`<ul>${"<li>Logodesign – ab 49 €</li>".repeat(500)}</ul>`);
  const featured = new SharedFragment("<ol><li>Übersetzung</li></ol>");
  const { markers, pieces } = fragmentMarkers(
    new Map([
      ["services?q=logo", cards],
      ["featured", featured],
    ]),
  );
  const page = `<html><body><header>Anna Ä</header><div data-shared-fragment="services?q=logo">${markers.get("services?q=logo")}</div><div>${markers.get("featured")}</div><footer>Ende</footer></body></html>`;
  const expected = page.replace(markers.get("services?q=logo")!, cards.bytes.toString()).replace(markers.get("featured")!, featured.bytes.toString());

  it("gives each key its own marker, a comment that names no fragment key", () => {
    expect(markers.get("services?q=logo")).toMatch(/^<!--shared-[\w-]+-0-->$/);
    expect(markers.get("featured")).toMatch(/^<!--shared-[\w-]+-1-->$/);
    expect(pieces).toEqual([cards, featured]);
  });

  it("replaces the markers wherever the chunks are cut, as they are and as gzip", async () => {
    const bytes = Buffer.from(page);
    // Every cut position: a marker can arrive in two chunks, also cut inside its first bytes.
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)];
      expect((await spliced(chunks, pieces, false)).toString()).toBe(expected);
    }
    const threeCuts = [bytes.subarray(0, 50), bytes.subarray(50, 52), bytes.subarray(52, 120), bytes.subarray(120)];
    expect(gunzipSync(await spliced(threeCuts, pieces, true)).toString()).toBe(expected);
    expect(gunzipSync(await spliced([bytes], pieces, true)).toString()).toBe(expected);
  });

  it("leaves an unknown marker and text that only starts like one as they are", async () => {
    const unknown = markers.get("featured")!.replace("-1-->", "-7-->");
    const text = `<p>${unknown}</p><p><!--shared-</p>`;
    expect((await spliced([Buffer.from(text)], pieces, false)).toString()).toBe(text);
    // A document that ends inside what could have been a marker.
    expect((await spliced([Buffer.from("<p>x</p><!--sha")], pieces, false)).toString()).toBe("<p>x</p><!--sha");
    expect(gunzipSync(await spliced([Buffer.from("<p>x</p><!--sha")], pieces, true)).toString()).toBe("<p>x</p><!--sha");
  });
});
