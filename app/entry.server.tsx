import { pipeline, type Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { coalescingStream } from "./lib/coalescing-stream.server";
import { acceptsGzip } from "./lib/gzip.server";
import { NonceProvider } from "./lib/nonce";
import { requestInfo, sharedFragments } from "./lib/request-context.server";
import { SharedFragmentsProvider } from "./lib/shared-fragment";
import { fragmentMarkers, fragmentSplicer } from "./lib/shared-fragment.server";
import { reportUnexpected } from "./lib/responses.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = requestInfo(loadContext).cspNonce;
  // Shared fragments are rendered as markers and spliced into the bytes (shared-fragment.server.ts).
  const { markers, pieces } = fragmentMarkers(sharedFragments(loadContext));
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA-mode builds wait for all content; browsers get the shell first.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <SharedFragmentsProvider value={markers}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </SharedFragmentsProvider>
      </NonceProvider>,
      {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = coalescingStream();
        let out: Readable = body;
        if (pieces.length > 0) {
          // A page with shared fragments compresses only its own bytes for a browser: the
          // compression middleware leaves an answer with a Content-Encoding alone.
          const gzip = acceptsGzip(request.headers.get("Accept-Encoding"));
          if (gzip) responseHeaders.set("Content-Encoding", "gzip");
          responseHeaders.append("Vary", "Accept-Encoding");
          out = pipeline(body, fragmentSplicer(pieces, gzip), () => {});
        }
        const stream = createReadableStreamFromReadable(out);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors after the shell are logged here; earlier ones reach the error boundary.
        if (shellRendered) reportUnexpected(error, "render");
      },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/**
 * Errors a loader or action let escape (a refusal is answered by the route itself, see
 * ~/lib/responses.server): logged once with the request id. Aborted requests are not errors.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  // A request the router itself refuses (a POST to a page without a form, an unknown route's
  // data) is the client's doing: its 4xx answer says so, and anonymous clients must not fill the log.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  reportUnexpected(error, `${request.method} ${new URL(request.url).pathname}`);
}
