import { AsyncLocalStorage } from "node:async_hooks";

/** The request's id for logs, wherever the code runs inside the request (set by the host). */
const requestIdStore = new AsyncLocalStorage<string>();

export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return requestIdStore.run(requestId, work);
}

/** The id of the request this code runs in, or "-" outside any request. */
export function currentRequestId(): string {
  return requestIdStore.getStore() ?? "-";
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * An id a client or proxy sent (`X-Request-Id`) is kept when it is a plain token of at most 128
 * letters, digits and `._:-` (it goes into every log line of the request and into the answer).
 */
export function acceptedRequestId(incoming: string | string[] | undefined): string | undefined {
  return typeof incoming === "string" && SANE_REQUEST_ID.test(incoming) ? incoming : undefined;
}
