// A real S3-protocol server for tests, run as its own process by tests/support/s3rver.ts:
//   node --openssl-legacy-provider tests/support/s3rver-server.js <directory> <bucket>...
// (s3rver makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3 only offers through
// its legacy provider: hence a child process instead of running it inside the test runner.)
// Listens on a free loopback port, prints {"port":…} once ready, stops when stdin closes.
import S3rver from "s3rver";

const [directory, ...buckets] = process.argv.slice(2);
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: process.env.S3RVER_LOG !== "1",
  directory,
  configureBuckets: buckets.map((name) => ({ name })),
});
const { port } = await server.run();
process.stdout.write(JSON.stringify({ port }) + "\n");
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.stdin.on("end", stop).resume();
process.on("SIGTERM", stop);
