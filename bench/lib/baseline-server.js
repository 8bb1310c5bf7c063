// The baseline of the catalogue benchmark's throughput rows: a minimal node:http server that
// answers every request with the same bytes (a page's HTML read from the file named by the first
// argument), with Content-Type and Content-Length and nothing else: no routing, no compression
// (for the gzip row the bytes are the app's gzip answer, sent as they are with their
// Content-Encoding). One process, like the app's. It prints "listening <port>" when it is ready.
// Usage: node bench/lib/baseline-server.js <body file> [content type] [content encoding]
import fs from "node:fs";
import http from "node:http";

const body = fs.readFileSync(process.argv[2]);
const contentType = process.argv[3] || "text/html; charset=utf-8";
const contentEncoding = process.argv[4];
const headers = { "Content-Type": contentType, "Content-Length": String(body.length), ...(contentEncoding ? { "Content-Encoding": contentEncoding } : {}) };

const server = http.createServer((req, res) => {
  // Read (and discard) any request body before answering, as a real server would.
  req.resume();
  res.writeHead(200, headers);
  res.end(body);
});
// Keep-alive as long as the app's (server/index.js), so neither side closes connections earlier.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
