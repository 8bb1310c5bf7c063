import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { acceptedRequestId, runWithRequestId } from "~/lib/request-id.server";

export interface RequestLogOptions {
  logger: Logger;
  /** The route React Router serves the request with (its id), for the log line. */
  routeOf?: (req: Request) => string | undefined;
  /** Requests whose successful answers write no line (probes; the route's declared policy). */
  quiet?: (req: Request) => boolean;
}

const RESPONSE_HEADERS = new Set(["content-type", "content-length", "location", "cache-control", "set-cookie"]);

type HttpRequest = IncomingMessage & { id?: unknown; originalUrl?: string };

function urlOf(req: HttpRequest): string {
  return req.originalUrl ?? req.url ?? "";
}

/**
 * Every request gets an id (a sane incoming `X-Request-Id`, or a new one): it is in the answer's
 * `X-Request-Id`, in the async context (so any line logged while handling the request names it),
 * and in the one line written when the request is over: method, URL, status, duration
 * (`responseTime`, ms), the route id. A 5xx is logged at level error, everything else at info
 * (the failure itself was logged with its stack where it happened).
 */
export function requestLog({ logger, routeOf, quiet }: RequestLogOptions): RequestHandler {
  const http = pinoHttp<HttpRequest, ServerResponse>({
    logger,
    genReqId: (req) => acceptedRequestId(req.headers["x-request-id"]) ?? randomUUID(),
    // The request as it is useful in a line: headers pass through the logger's redaction.
    serializers: {
      req: (req: { id: unknown; method: string; url: string; headers: unknown; remoteAddress?: string }) => ({
        method: req.method,
        url: req.url,
        headers: req.headers,
        remoteAddress: req.remoteAddress,
      }),
      // Of the answer's headers only those that say what went out (security headers are the same on every line).
      res: (res: { statusCode: number; headers?: Record<string, unknown> }) => ({
        statusCode: res.statusCode,
        headers: Object.fromEntries(Object.entries(res.headers ?? {}).filter(([name]) => RESPONSE_HEADERS.has(name))),
      }),
    },
    customLogLevel: (req, res, err) => (err || res.statusCode >= 500 ? "error" : quiet?.(req as unknown as Request) ? "silent" : "info"),
    customSuccessMessage: (req, res) =>
      `${req.method} ${urlOf(req)} ${res.writableEnded ? res.statusCode : "aborted"}`,
    customErrorMessage: (req, res) => `${req.method} ${urlOf(req)} ${res.statusCode}`,
    customSuccessObject: (req, res, value: object) => ({ reqId: req.id, route: route(req), ...value }),
    customErrorObject: (req, res, error, value: { err?: unknown }) => {
      // pino-http makes up an Error for a plain 5xx: its stack says nothing (the cause is logged).
      const { err, ...rest } = value;
      const madeUp = error instanceof Error && /^failed with status code/.test(error.message);
      return { reqId: req.id, route: route(req), ...rest, ...(madeUp ? {} : { err }) };
    },
  });

  function route(req: HttpRequest): string | undefined {
    return routeOf?.(req as Request);
  }

  return (req: Request, res: Response, next: NextFunction) => {
    http(req, res);
    const requestId = String(req.id);
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    runWithRequestId(requestId, next);
  };
}
