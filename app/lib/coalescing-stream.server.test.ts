import { describe, expect, it } from "vitest";
import { coalescingStream } from "./coalescing-stream.server";

const chunk = (text: string) => new TextEncoder().encode(text);

/** Every chunk the stream emits, as it emits it ('data' events are not joined like reads are). */
function collect(stream: NodeJS.ReadableStream) {
  const out: string[] = [];
  stream.on("data", (part: Uint8Array) => out.push(Buffer.from(part).toString()));
  return new Promise<string[]>((resolve, reject) => {
    stream.on("end", () => resolve(out));
    stream.on("error", reject);
  });
}

describe("coalescingStream", () => {
  it("joins the chunks written in one turn into one", async () => {
    const stream = coalescingStream();
    const result = collect(stream);
    for (const text of ["<html>", "<body>", "Hallo", "</body>"]) stream.write(chunk(text));
    await new Promise<void>((resolve) => setImmediate(resolve));
    stream.end(chunk("</html>"));
    expect(await result).toEqual(["<html><body>Hallo</body>", "</html>"]);
  });

  it("sends at the limit without waiting for the turn to end, and keeps every byte in order", async () => {
    const stream = coalescingStream(10);
    const result = collect(stream);
    for (const text of ["12345", "67890", "abc"]) stream.write(chunk(text));
    stream.end();
    expect(await result).toEqual(["1234567890", "abc"]);
  });
});
