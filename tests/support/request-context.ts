import type { RouterContextProvider } from "react-router";
import { createRequestContext, requestMiddleware, requireUserMiddleware, runWithRequestId } from "~/lib/request-context.server";

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

/**
 * Runs a route's action below the signed-in layout (its middleware), as the app does for a
 * signed-in page. A thrown Response (a redirect) is the answer.
 */
export function inSignedInAction(request: Request, action: (args: never) => Promise<unknown>, params: Record<string, string> = {}): Promise<unknown> {
  return inRequest(
    request,
    async (context) => {
      await requireUserMiddleware({ request, context, params, unstable_pattern: "" } as never, async () => new Response(null));
      try {
        return await (action as (args: unknown) => Promise<unknown>)({ request, context, params, unstable_pattern: "" });
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    },
    params,
  );
}
