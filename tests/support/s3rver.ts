import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { S3StorageConfig } from "~/lib/storage/s3.server";

export interface TestS3 {
  endpoint: string;
  /** A config for a bucket on this server (created at start when listed in `buckets`). */
  config(bucket: string): S3StorageConfig;
  /** The same as `S3_*` variables, for an app process. */
  env(bucket: string): Record<string, string>;
  /** The folder s3rver keeps its buckets in. */
  directory: string;
  /** The s3rver child process (for measuring its CPU and memory). */
  pid: number;
  stop(): Promise<void>;
}

const script = path.join(import.meta.dirname, "s3rver-server.js");

/**
 * A real S3-protocol server (s3rver, offline) on a free loopback port with a temporary directory,
 * in a child process (see s3rver-server.js). Credentials are s3rver's built-in pair.
 */
export async function startTestS3(buckets: string[]): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "mp-s3rver-"));
  const child = spawn(process.execPath, ["--openssl-legacy-provider", script, directory, ...buckets], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`s3rver exited (${code}) before it was ready:\n${output}`)));
    child.on("error", reject);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (bucket: string): S3StorageConfig => ({
    endpoint,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
  return {
    endpoint,
    directory,
    pid: child.pid!,
    config,
    env: (bucket) => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    }),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.stdin.end();
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
