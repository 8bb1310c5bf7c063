/** One part of a multipart form: a field (no `name`) or a file (with the name the browser gives). */
export interface FormPart {
  field: string;
  name?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart request as a browser sends a form (FormData), its parts in the given order. */
export function multipartRequest(parts: FormPart[], url = "http://localhost/upload"): Request {
  const form = new FormData();
  for (const part of parts) {
    if (part.name === undefined) form.append(part.field, String(part.data));
    else {
      const bytes = typeof part.data === "string" ? part.data : new Uint8Array(part.data);
      form.append(part.field, new Blob([bytes], { type: part.type ?? "application/octet-stream" }), part.name);
    }
  }
  return new Request(url, { method: "POST", body: form });
}

export interface BodyProgress {
  /** Bytes of the body read so far. */
  read: number;
  /** Whether the body was read to its end. */
  finished: boolean;
}

/**
 * A multipart request whose body is made only as it is read (one chunk per pull), so a test can
 * tell how much of it the server had read at a given moment. With `breakAfter`, the body stops
 * after that many bytes, as when the client goes away mid-upload: with an error (`breakWith:
 * "error"`, how Node reports a reset connection) or just ending early ("end").
 */
export function pulledMultipartRequest(
  parts: FormPart[],
  {
    chunkBytes = 64 * 1024,
    breakAfter,
    breakWith = "error",
    url = "http://localhost/upload",
  }: { chunkBytes?: number; breakAfter?: number; breakWith?: "error" | "end"; url?: string } = {},
): { request: Request; progress: BodyProgress } {
  const boundary = "----test-boundary-7MA4YWxkTrZu0gW";
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.name === undefined ? `form-data; name="${part.field}"` : `form-data; name="${part.field}"; filename="${part.name}"`;
    const type = part.name === undefined ? "" : `Content-Type: ${part.type ?? "application/octet-stream"}\r\n`;
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    pieces.push(typeof part.data === "string" ? Buffer.from(part.data) : part.data);
    pieces.push(Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const whole = Buffer.concat(pieces);
  const progress: BodyProgress = { read: 0, finished: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (breakAfter !== undefined && progress.read >= breakAfter) {
          if (breakWith === "error") controller.error(new Error("the client went away"));
          else controller.close();
          return;
        }
        const end = Math.min(whole.length, progress.read + chunkBytes, breakAfter ?? Infinity);
        controller.enqueue(new Uint8Array(whole.subarray(progress.read, end)));
        progress.read = end;
        if (end === whole.length) {
          progress.finished = true;
          controller.close();
        }
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(url, {
    method: "POST",
    body,
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    duplex: "half",
  } as RequestInit);
  return { request, progress };
}
