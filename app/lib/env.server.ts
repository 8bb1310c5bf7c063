import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const postgresUrl = z
  .string()
  .url({ message: "must be a URL like postgres://user:password@host:5432/database" })
  .refine((v) => /^postgres(ql)?:\/\//.test(v), { message: "must start with postgres:// or postgresql://" });

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce
      .number({ message: "must be a port number" })
      .int({ message: "must be a whole number" })
      .min(1, { message: "must be between 1 and 65535" })
      .max(65535, { message: "must be between 1 and 65535" })
      .default(3000),
    BASE_URL: z
      .string()
      .url({ message: "must be an absolute URL like https://marktplatz.example" })
      .refine((v) => /^https?:\/\//.test(v), { message: "must start with http:// or https://" })
      .transform((v) => v.replace(/\/+$/, ""))
      .optional(),
    DATA_DIR: z.string().min(1, { message: "must not be empty" }).default("./data"),
    DATABASE_URL: postgresUrl.optional(),
    AUTH_SECRET: z.string().min(32, { message: "must be at least 32 characters long" }).optional(),
    SMTP_URL: z
      .string()
      .url({ message: "must be a URL like smtps://user:password@smtp.example:465" })
      .refine((v) => /^smtps?:\/\//.test(v), { message: "must start with smtp:// or smtps://" })
      .optional(),
    MAIL_FROM: z.string().min(3, { message: "must be an address like Marktplatz <noreply@example.de>" }).optional(),
    S3_ENDPOINT: z
      .string()
      .url({ message: "must be a URL like https://s3.eu-central-1.amazonaws.com or http://minio.internal:9000" })
      .refine((v) => /^https?:\/\//.test(v), { message: "must start with http:// or https://" })
      .optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: "must be a bucket name (3–63 lowercase letters, digits, dots and hyphens)" })
      .optional(),
    S3_REGION: z.string().regex(/^[a-z0-9-]{2,40}$/, { message: "must be a region name like eu-central-1" }).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanString.optional(),
    SEED_DEMO: booleanString.optional(),
    // Read by the logger itself (app/lib/log.server.ts); checked here so that a typo stops the start.
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { message: "must be one of fatal, error, warn, info, debug, trace, silent" }).optional(),
    PAGE_CACHE_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .min(0, { message: "must be between 0 and 60" })
      .max(60, { message: "must be between 0 and 60" })
      .default(5),
    DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .int({ message: "must be a whole number of seconds" })
      .min(0, { message: "must be between 0 and 3600" })
      .max(3600, { message: "must be between 0 and 3600" })
      .default(30),
    SHUTDOWN_DELAY_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .min(0, { message: "must be between 0 and 60" })
      .max(60, { message: "must be between 0 and 60" })
      .default(0),
    DIGEST_DELAY_MINUTES: z.coerce
      .number({ message: "must be a number of minutes" })
      .int({ message: "must be a whole number of minutes" })
      .min(1, { message: "must be between 1 and 1440" })
      .max(1440, { message: "must be between 1 and 1440" })
      .default(15),
    METRICS_TOKEN: z.string().min(16, { message: "must be at least 16 characters (generate one with: openssl rand -hex 24)" }).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.BASE_URL?.startsWith("https://") && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required in production (generate one with: openssl rand -base64 48)",
      });
    }
    if (env.NODE_ENV === "production" && env.BASE_URL?.startsWith("https://") && !env.SMTP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is required in production (verification and password mails must reach people)",
      });
    }
    const s3 = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    const anyS3 = [...s3, env.S3_ENDPOINT, env.S3_REGION, env.S3_FORCE_PATH_STYLE].some((v) => v !== undefined);
    if (anyS3 && !s3.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_BUCKET ? (env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID") : "S3_BUCKET"],
        message: "is required when any S3 setting is given (S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)",
      });
    }
  });

export interface AppEnv {
  nodeEnv: "development" | "production" | "test";
  port: number;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | {
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        /** Bucket in the path (`http://host/bucket/key`), as MinIO-style endpoints need. */
        forcePathStyle: boolean;
      }
    | undefined;
  seedDemo: boolean;
  /** How long the anonymous catalogue HTML is shared (0: off). */
  pageCacheSeconds: number;
  /** With PostgreSQL: a request's statement running longer is cancelled (0: no limit). */
  databaseStatementTimeoutSeconds: number;
  /** Bearer token for GET /metrics; without it only this machine may read them. */
  metricsToken: string | undefined;
  /** After SIGTERM, how long /readyz says 503 while requests are still served (the load balancer's notice). */
  shutdownDelaySeconds: number;
  /** A message unread this long goes into the user's e-mail digest (features/notifications/message-digest.server.ts). */
  digestDelayMinutes: number;
}

/** A configuration mistake: its message is one line that names the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Reads and validates the environment. Throws a ConfigError whose message is
 * a single line naming the first bad variable. AUTH_SECRET is generated once
 * and kept in DATA_DIR when it is not given (production over https requires it).
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): AppEnv {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const value = source[name];
    const shown = value === undefined || /SECRET|PASSWORD|URL|TOKEN/.test(name) ? "" : ` (got "${value}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const port = env.PORT;
  return {
    nodeEnv: env.NODE_ENV,
    port,
    baseUrl: env.BASE_URL ?? `http://localhost:${port}`,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    authSecret: env.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? "Dienstleister-Marktplatz <noreply@marktplatz.example>",
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? "eu-central-1",
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
        }
      : undefined,
    // Demo content (with publicly known passwords) is for trying the product locally: never by
    // default on a real PostgreSQL or on a public https deployment, only when asked for.
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    databaseStatementTimeoutSeconds: env.DATABASE_STATEMENT_TIMEOUT_SECONDS,
    metricsToken: env.METRICS_TOKEN,
    shutdownDelaySeconds: env.SHUTDOWN_DELAY_SECONDS,
    digestDelayMinutes: env.DIGEST_DELAY_MINUTES,
    seedDemo: env.SEED_DEMO ?? (!env.DATABASE_URL && !(env.NODE_ENV === "production" && env.BASE_URL?.startsWith("https://"))),
  };
}

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet: create it below
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

let current: AppEnv | undefined;

/** The validated environment of this process (parsed on first use). */
export function env(): AppEnv {
  current ??= parseEnv();
  return current;
}
