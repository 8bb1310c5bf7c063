// The JavaScript a page loads, from its HTML: <link rel="modulepreload" href>, <script src>, and
// the static imports of its inline module scripts (React Router's route modules); each file asked
// from the server with `Accept-Encoding: gzip` and counted as it comes over the wire. Dynamic
// imports that run later are not in the HTML (bench:web records what the browser really loaded).
import http from "node:http";
import zlib from "node:zlib";

export interface ScriptFile {
  /** The file's URL (pageScripts: its path). */
  url: string;
  /** Bytes on the wire with Accept-Encoding: gzip (what the server's compression sends). */
  gzipBytes: number;
  /** Bytes of the file itself. */
  rawBytes: number;
  /** The Content-Encoding the server answered with ("identity" when none). */
  encoding: string;
}

export interface PageScripts {
  path: string;
  files: ScriptFile[];
  count: number;
  gzipBytes: number;
  rawBytes: number;
}

export const JS_TARGET = { maxGzipBytes: 150 * 1024, maxFiles: 12 };

export const jsPass = (p: { count: number; gzipBytes: number }): boolean => p.gzipBytes <= JS_TARGET.maxGzipBytes && p.count <= JS_TARGET.maxFiles;

/** The script URLs (as written, in order of appearance, without duplicates) of an HTML document. */
export function scriptUrls(html: string): string[] {
  const urls: string[] = [];
  const add = (u: string | undefined) => {
    if (u && /\.m?js(?:\?|$)/.test(u) && !urls.includes(u)) urls.push(u);
  };
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\brel=["']?modulepreload\b/i.test(m[0])) add(/\bhref=["']([^"']+)["']/i.exec(m[0])?.[1]);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = /\bsrc=["']([^"']+)["']/i.exec(m[1]!)?.[1];
    if (src) add(src);
    else if (/\btype=["']?module\b/i.test(m[1]!)) {
      // Static imports of an inline module: `import … from "/assets/x.js"` and `import "/assets/y.js"`.
      for (const i of m[2]!.matchAll(/\bimport\s*(?:[^"'();]*?\s+from\s*)?["']([^"']+)["']/g)) add(i[1]);
    }
  }
  return urls;
}

/** GET `url` asking for gzip; the bytes as they came (not decoded) and the Content-Encoding. */
export function fetchRaw(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { "Accept-Encoding": "gzip", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), encoding: String(res.headers["content-encoding"] ?? "identity") }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** The size of one script: gzip bytes on the wire and raw bytes. */
export async function scriptFile(url: string): Promise<ScriptFile> {
  const r = await fetchRaw(url);
  if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
  const raw = r.encoding === "gzip" ? zlib.gunzipSync(r.body) : r.body;
  return { url, gzipBytes: r.body.length, rawBytes: raw.length, encoding: r.encoding };
}

/** The scripts of the page at `baseUrl + path` (with `headers`, e.g. a session cookie). */
export async function pageScripts(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<PageScripts> {
  const page = await fetchRaw(`${baseUrl}${path}`, headers);
  if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
  const html = (page.encoding === "gzip" ? zlib.gunzipSync(page.body) : page.body).toString("utf8");
  const files = (await Promise.all(scriptUrls(html).map((u) => scriptFile(new URL(u, baseUrl).toString())))).map((f) => ({ ...f, url: new URL(f.url).pathname }));
  return {
    path,
    files,
    count: files.length,
    gzipBytes: files.reduce((a, f) => a + f.gzipBytes, 0),
    rawBytes: files.reduce((a, f) => a + f.rawBytes, 0),
  };
}

/** The first service detail link (`/services/{id}`) of an HTML page, or null. */
export function firstServiceLink(html: string): string | null {
  return /href="(\/services\/[0-9a-f-]{36})"/i.exec(html)?.[1] ?? null;
}

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
