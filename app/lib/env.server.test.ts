import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mp-env-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const s3Keys = { S3_BUCKET: "marktplatz-files", S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI-secret" };

function configError(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("configuration", () => {
  it("uses the embedded defaults on a fresh machine", () => {
    const dataDir = tempDir();
    const env = parseEnv({ DATA_DIR: dataDir });
    expect(env.port).toBe(3000);
    expect(env.baseUrl).toBe("http://localhost:3000");
    expect(env.dataDir).toBe(path.resolve(dataDir));
    expect(env.databaseUrl).toBeUndefined();
    expect(env.seedDemo).toBe(true);
    expect(env.s3).toBeUndefined();
    expect(env.digestDelayMinutes).toBe(15);
    expect(parseEnv({ DATA_DIR: dataDir, DIGEST_DELAY_MINUTES: "60" }).digestDelayMinutes).toBe(60);
    expect(parseEnv({ DATA_DIR: dataDir }).databaseStatementTimeoutSeconds).toBe(30);
    expect(parseEnv({ DATA_DIR: dataDir, DATABASE_STATEMENT_TIMEOUT_SECONDS: "0" }).databaseStatementTimeoutSeconds).toBe(0);
  });

  it("generates AUTH_SECRET once and keeps it in DATA_DIR", () => {
    const dataDir = tempDir();
    const first = parseEnv({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim()).toBe(first);
    expect(parseEnv({ DATA_DIR: dataDir }).authSecret).toBe(first);
    expect((fs.statSync(path.join(dataDir, "auth-secret")).mode & 0o777).toString(8)).toBe("600");
  });

  it("never seeds demo accounts on a public https deployment unless asked", () => {
    const production = { DATA_DIR: tempDir(), NODE_ENV: "production", BASE_URL: "https://m.example", AUTH_SECRET: "x".repeat(40), SMTP_URL: "smtp://m" };
    expect(parseEnv(production).seedDemo).toBe(false);
    expect(parseEnv({ ...production, SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it("does not seed a real PostgreSQL unless asked", () => {
    const dataDir = tempDir();
    expect(parseEnv({ DATA_DIR: dataDir, DATABASE_URL: "postgres://u@localhost:5432/db" }).seedDemo).toBe(false);
    expect(parseEnv({ DATA_DIR: dataDir, DATABASE_URL: "postgres://u@localhost:5432/db", SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(parseEnv({ DATA_DIR: dataDir, SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT must be a port number \(got "abc"\)$/],
    // A token is never echoed.
    [{ METRICS_TOKEN: "kurz" }, /^Invalid configuration: METRICS_TOKEN must be at least 16 characters \(generate one with: openssl rand -hex 24\)$/],
    [{ PORT: "70000" }, /^Invalid configuration: PORT must be between 1 and 65535/],
    [{ DATABASE_URL: "mysql://x@y/z" }, /^Invalid configuration: DATABASE_URL must start with postgres:\/\//],
    [{ DATABASE_URL: "not a url" }, /^Invalid configuration: DATABASE_URL must be a URL/],
    [{ BASE_URL: "localhost:3000" }, /^Invalid configuration: BASE_URL must start with http:\/\/ or https:\/\//],
    [{ BASE_URL: "not a url" }, /^Invalid configuration: BASE_URL must be an absolute URL/],
    [{ SMTP_URL: "http://mail" }, /^Invalid configuration: SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
    [{ SEED_DEMO: "maybe" }, /^Invalid configuration: SEED_DEMO must be true or false/],
    [{ AUTH_SECRET: "short" }, /^Invalid configuration: AUTH_SECRET must be at least 32 characters long$/],
    [{ S3_BUCKET: "files" }, /^Invalid configuration: S3_ACCESS_KEY_ID is required when any S3 setting is given/],
    [{ S3_BUCKET: "files", S3_ACCESS_KEY_ID: "k" }, /^Invalid configuration: S3_SECRET_ACCESS_KEY is required when any S3 setting is given/],
    [{ S3_ENDPOINT: "http://minio:9000" }, /^Invalid configuration: S3_BUCKET is required when any S3 setting is given/],
    [{ S3_ENDPOINT: "minio:9000", ...s3Keys }, /^Invalid configuration: S3_ENDPOINT must start with http:\/\/ or https:\/\//],
    [{ S3_ENDPOINT: "not a url", ...s3Keys }, /^Invalid configuration: S3_ENDPOINT must be a URL/],
    [{ ...s3Keys, S3_BUCKET: "My_Bucket" }, /^Invalid configuration: S3_BUCKET must be a bucket name .* \(got "My_Bucket"\)$/],
    [{ ...s3Keys, S3_REGION: "EU Central" }, /^Invalid configuration: S3_REGION must be a region name like eu-central-1/],
    [{ ...s3Keys, S3_FORCE_PATH_STYLE: "sometimes" }, /^Invalid configuration: S3_FORCE_PATH_STYLE must be true or false/],
    [{ PAGE_CACHE_SECONDS: "90" }, /^Invalid configuration: PAGE_CACHE_SECONDS must be between 0 and 60/],
    [{ PAGE_CACHE_SECONDS: "bald" }, /^Invalid configuration: PAGE_CACHE_SECONDS must be a number of seconds/],
    [{ SHUTDOWN_DELAY_SECONDS: "61" }, /^Invalid configuration: SHUTDOWN_DELAY_SECONDS must be between 0 and 60/],
    [{ SHUTDOWN_DELAY_SECONDS: "-1" }, /^Invalid configuration: SHUTDOWN_DELAY_SECONDS must be between 0 and 60/],
    [{ DIGEST_DELAY_MINUTES: "0" }, /^Invalid configuration: DIGEST_DELAY_MINUTES must be between 1 and 1440 \(got "0"\)/],
    [{ DATABASE_STATEMENT_TIMEOUT_SECONDS: "-1" }, /^Invalid configuration: DATABASE_STATEMENT_TIMEOUT_SECONDS must be between 0 and 3600/],
    [{ DATABASE_STATEMENT_TIMEOUT_SECONDS: "0.5" }, /^Invalid configuration: DATABASE_STATEMENT_TIMEOUT_SECONDS must be a whole number of seconds/],
    [{ DIGEST_DELAY_MINUTES: "2.5" }, /^Invalid configuration: DIGEST_DELAY_MINUTES must be a whole number of minutes/],
    [{ DIGEST_DELAY_MINUTES: "bald" }, /^Invalid configuration: DIGEST_DELAY_MINUTES must be a number of minutes/],
    [
      { NODE_ENV: "production", BASE_URL: "https://marktplatz.example", SMTP_URL: "smtps://u:p@mail.example:465" },
      /^Invalid configuration: AUTH_SECRET is required in production/,
    ],
    [
      { NODE_ENV: "production", BASE_URL: "https://marktplatz.example", AUTH_SECRET: "x".repeat(40) },
      /^Invalid configuration: SMTP_URL is required in production/,
    ],
  ])("stops with one line naming the variable for %o", (source, message) => {
    const text = configError({ DATA_DIR: tempDir(), ...source });
    expect(text).toMatch(message);
    expect(text).not.toContain("\n");
  });

  it("reads the S3 settings (the region defaults, path style is off unless asked)", () => {
    const dataDir = tempDir();
    expect(parseEnv({ DATA_DIR: dataDir, ...s3Keys }).s3).toEqual({
      endpoint: undefined,
      bucket: "marktplatz-files",
      region: "eu-central-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI-secret",
      forcePathStyle: false,
    });
    const minio = parseEnv({ DATA_DIR: dataDir, ...s3Keys, S3_ENDPOINT: "http://minio.internal:9000", S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: "true" }).s3;
    expect(minio).toMatchObject({ endpoint: "http://minio.internal:9000", region: "us-east-1", forcePathStyle: true });
  });

  it("never echoes secrets or connection strings", () => {
    expect(configError({ DATA_DIR: tempDir(), ...s3Keys, S3_REGION: "x y" })).not.toContain("wJalrXUtnFEMI");
    const text = configError({ DATA_DIR: tempDir(), DATABASE_URL: "mysql://user:topsecret@host/db" });
    expect(text).not.toContain("topsecret");
  });

  it("treats empty values as unset", () => {
    const env = parseEnv({ DATA_DIR: tempDir(), PORT: "", DATABASE_URL: "" });
    expect(env.port).toBe(3000);
    expect(env.databaseUrl).toBeUndefined();
  });
});
