import type { RouterContextProvider } from "react-router";
import { createRequestContext, requestMiddleware, runWithRequestId } from "~/lib/request-context.server";

/**
 * Runs a route's loader or action as the app would: with the request context the host creates
 * and the root middleware around it (database, session, NUL checks).
 */
export async function inRequest<T>(
  request: Request,
  run: (context: RouterContextProvider) => Promise<T>,
  params: Record<string, string> = {},
): Promise<T> {
  const context = createRequestContext({ requestId: "test", cspNonce: "" });
  let result: { value: T } | undefined;
  // As the host does: the request's id is in the async context too (log lines name it).
  await runWithRequestId("test", () =>
    requestMiddleware({ request, context, params, unstable_pattern: "" } as never, async () => {
      result = { value: await run(context) };
      return new Response(null);
    }),
  );
  return result!.value;
}
