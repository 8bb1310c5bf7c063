import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Readable } from "node:stream";
import { assertKey, contentTypeOf, type FileStorage, type StoredFile } from "./shared.server";

export interface S3StorageConfig {
  /** Unset for AWS itself; `http(s)://host:port` for MinIO, s3rver and other S3-compatible stores. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface S3StorageOptions {
  /** Keys per ListObjectsV2 page and per DeleteObjects batch (S3 allows at most 1000). */
  pageSize?: number;
}

/** Whether an S3 error means "no such object/bucket" (GetObject: NoSuchKey; HEAD requests: a bare 404). */
function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException && error.$metadata?.httpStatusCode === 404) return true;
  const name = (error as { name?: string } | null)?.name;
  return name === "NoSuchKey" || name === "NotFound";
}

/**
 * The FileStorage on an S3-compatible bucket. Keys are the same as on disk (`avatars/{userId}/…`);
 * each object carries the Content-Type its extension tells. Nothing here makes an object public:
 * the bucket may (and should) be private, every read goes through the app.
 */
export function createS3Storage(config: S3StorageConfig, { pageSize = 1000 }: S3StorageOptions = {}): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Stores other than AWS (MinIO, s3rver, …) do not all understand the newer flexible checksums
    // (e.g. aws-chunked bodies with trailing checksums): send and check them only where required.
    ...(config.endpoint ? ({ requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" } as const) : {}),
  });
  const Bucket = config.bucket;
  const folder = (prefix: string) => prefix.replace(/\/+$/, "");

  async function* listObjects(prefix: string): AsyncGenerator<{ key: string; modifiedAt: Date; size: number }> {
    const pages = paginateListObjectsV2({ client, pageSize }, { Bucket, Prefix: prefix });
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0), size: object.Size ?? 0 };
      }
    }
  }

  return {
    client,
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async put(key, data) {
      assertKey(key);
      const type = contentTypeOf(key);
      // A single PUT for small bodies, a multipart upload (parts of 5 MB) for larger streams; a body
      // that fails part-way aborts the upload, so no object (or a new version of it) appears.
      // One part at a time: each part is gathered in memory before it is sent, and a streamed
      // upload (a chat attachment) should hold at most one part, not two (all of a 10 MB file).
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: data, ...(type !== "application/octet-stream" ? { ContentType: type } : {}) },
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async get(key) {
      assertKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      // S3 answers 204 for a missing key as well.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deletePrefix(prefix) {
      const base = folder(prefix);
      assertKey(base);
      // As on disk: the "folder" and everything below it (and a file of exactly that name).
      let batch: { Key: string }[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const result = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }));
        batch = [];
        const failed = result.Errors?.[0];
        if (failed) throw new Error(`S3 could not delete ${failed.Key}: ${failed.Code} ${failed.Message ?? ""}`.trim());
      };
      for await (const object of listObjects(base)) {
        if (object.key !== base && !object.key.startsWith(`${base}/`)) continue;
        batch.push({ Key: object.key });
        if (batch.length >= pageSize) await flush();
      }
      await flush();
    },
    async modifiedAt(key) {
      assertKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.LastModified ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async *list(prefix): AsyncGenerator<StoredFile> {
      const base = folder(prefix);
      assertKey(base);
      for await (const object of listObjects(`${base}/`)) yield { key: object.key, modifiedAt: object.modifiedAt };
    },
  };
}

/** Size of one stored object, or null when there is none (for `admin storage migrate`). */
export async function s3ObjectSize(client: S3Client, bucket: string, key: string): Promise<number | null> {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
