import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, deflatePiece, GzipAssembler, gzipJoined } from "./gzip.server";

function joined(pieces: Buffer[], separator: Buffer): Buffer {
  return Buffer.concat(pieces.flatMap((piece, i) => (i === 0 ? [piece] : [separator, piece])));
}

function roundTrip(pieces: Buffer[], separator: Buffer): Buffer {
  return gunzipSync(Buffer.concat(gzipJoined(pieces, pieces.map(deflatePiece), separator)));
}

describe("gzip from pieces compressed ahead of time", () => {
  it("decompresses to the pieces joined by the separator", () => {
    const page = `<!DOCTYPE html><html><head><script nonce="N">1</script></head><body>${"<p>Logodesign für Bäckereien – ab 49 €</p>".repeat(2_000)}<script nonce="N">2</script></body></html>`;
    const pieces = page.split("N").map((piece) => Buffer.from(piece));
    expect(pieces).toHaveLength(3);
    for (const nonce of ["abc", "x".repeat(24), "Zm9vYmFyYmF6cXV4"]) {
      const separator = Buffer.from(nonce);
      expect(roundTrip(pieces, separator).equals(joined(pieces, separator))).toBe(true);
    }
  });

  it("handles one piece, empty pieces, an empty separator and one longer than a stored block", () => {
    const cases: [string[], string][] = [
      [["<html></html>"], "n"],
      [["", "middle", ""], "nonce"],
      [["a", "b"], ""],
      [["start", "end"], "y".repeat(70_000)],
    ];
    for (const [texts, nonce] of cases) {
      const pieces = texts.map((text) => Buffer.from(text));
      const separator = Buffer.from(nonce);
      expect(roundTrip(pieces, separator).toString()).toBe(joined(pieces, separator).toString());
    }
  });

  it("compresses: the answer is far smaller than the page", () => {
    const pieces = [Buffer.from("<p>Webseite</p>".repeat(5_000)), Buffer.from("</html>")];
    const size = gzipJoined(pieces, pieces.map(deflatePiece), Buffer.from("nonce")).reduce((sum, b) => sum + b.length, 0);
    expect(size).toBeLessThan(joined(pieces, Buffer.from("nonce")).length / 20);
  });

  it("assembles an answer from parts compressed now, compressed ahead of time and stored", () => {
    const shared = Buffer.from("<li>Karte</li>".repeat(3_000));
    const gzip = new GzipAssembler();
    const parts = [Buffer.from("<header>Anna</header>"), shared, Buffer.from(""), Buffer.from("<footer>ü</footer>")];
    const out = [
      ...gzip.compress(parts[0]!),
      ...gzip.precompressed(shared, deflatePiece(shared)),
      ...gzip.compress(parts[2]!),
      ...gzip.stored(parts[3]!),
      ...gzip.end(),
    ];
    expect(gunzipSync(Buffer.concat(out)).equals(Buffer.concat(parts))).toBe(true);
    expect(gunzipSync(Buffer.concat(new GzipAssembler().end())).length).toBe(0);
  });

  it("reads Accept-Encoding: gzip when listed or starred with a weight above 0", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("gzip; q=0.000")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});
