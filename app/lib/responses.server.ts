import { data } from "react-router";
import { errorText } from "~/i18n/errors.de";
import { de } from "~/i18n/de";
import { isAppError, type ErrorReason } from "./errors";
import { log } from "./log.server";
import { sqlState } from "./sql-errors";

/**
 * The one error policy (docs/decisions/009-request-boundary.md): how any error leaves the app.
 * A refusal (AppError) becomes its kind's status with the reason and its words; a Response
 * (a redirect, a 404 thrown on purpose) passes through; anything else is logged once with the
 * request id and answered 503 when a part we depend on failed, 500 otherwise. Screens decide
 * their own headings and may word a reason their own way; the message here is the default.
 */
export interface Failure {
  ok: false;
  reason: ErrorReason | "unexpected";
  message: string;
  fieldErrors: Record<string, string>;
  /** What was submitted, for forms that show it again (a page without JavaScript loses it otherwise). */
  values?: Record<string, string>;
}

/** A screen's own words for some reasons (the spec words a reason differently on some screens). */
export type ScreenTexts = Partial<Record<ErrorReason, string>>;

/** Whether a failure lies with a part we depend on (database, disk, network), not with our code. */
function isInfrastructureFailure(error: unknown): boolean {
  const state = sqlState(error);
  // 08: connection, 53: resources, 57: operator intervention (shutdown, a cancelled statement), 58: system error.
  if (state && /^(?:08|53|57|58)/.test(state)) return true;
  // The driver's own errors may come wrapped (Drizzle's "Failed query" has them as its cause).
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^(?:E[A-Z]+)$/.test(code)) return true; // ECONNREFUSED, ENOSPC, EIO, ...
    // "timeout exceeded when trying to connect": the pool stayed full for its wait (PoolLimits).
    if (/closed|terminat|connection|trying to connect/i.test(e.message)) return true;
  }
  return false;
}

/** Logs an unexpected error once, with its stack (`err`) and the request it happened in (`reqId`). */
export function reportUnexpected(error: unknown, where: string): void {
  log.error({ err: error, where }, `Unexpected error: ${where}`);
}

function isResponseLike(error: unknown): boolean {
  if (error instanceof Response) return true;
  // `data(…)` thrown on purpose (React Router's DataWithResponseInit).
  return typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit";
}

/** The failure an error stands for, with its status. Responses thrown on purpose are re-thrown. */
export function failureOf(error: unknown, where: string, texts: ScreenTexts = {}): { failure: Failure; status: number } {
  if (isResponseLike(error)) throw error;
  if (isAppError(error)) {
    // A part we depend on failed: not the user's doing, so it is worth a log line.
    if (error.code === "UNAVAILABLE") reportUnexpected(error, where);
    const text = texts[error.reason] ?? errorText(error.reason, error.params);
    const fieldErrors = { ...error.fieldErrors };
    if (error.field) fieldErrors[error.field] ??= text;
    // A form refusal reads as its first field message (what the toast shows).
    const message = error.reason === "invalid_input" ? (Object.values(fieldErrors)[0] ?? text) : text;
    return { failure: { ok: false, reason: error.reason, message, fieldErrors }, status: error.status };
  }
  reportUnexpected(error, where);
  const status = isInfrastructureFailure(error) ? 503 : 500;
  return { failure: { ok: false, reason: "unexpected", message: de.serverError.unexpected, fieldErrors: {} }, status };
}

/** For loaders and resource routes: throw this (a refusal or failure as a response the error page shows). */
export function errorResponse(error: unknown, where: string, texts?: ScreenTexts) {
  const { failure, status } = failureOf(error, where, texts);
  return data(failure, { status });
}

/**
 * A work's value together with headers its answer must carry (e.g. the cookies a use-case set).
 * Made by `withHeaders`; the adapter answers with the value and sends the headers along.
 */
export class WithHeaders<T extends object> {
  // Nominal: only values made by `withHeaders` are unwrapped (in types as at run time).
  readonly #brand = true;
  constructor(
    readonly value: T,
    readonly headers: HeadersInit,
  ) {}
  static holds(value: unknown): value is WithHeaders<object> {
    return typeof value === "object" && value !== null && #brand in value;
  }
}

/** The work's answer `value`, sent with `headers` (Set-Cookie headers are kept one by one). */
export function withHeaders<T extends object>(value: T, headers: HeadersInit): WithHeaders<T> {
  return new WithHeaders(value, headers);
}

type Unwrapped<T> = T extends WithHeaders<infer V> ? V : T;
type Success<T> = { ok: true } & (T extends void | undefined ? unknown : T);

/** All headers of several sources, each value appended (so two Set-Cookie headers stay two). */
function mergeHeaders(...sources: (HeadersInit | undefined)[]): Headers | undefined {
  if (sources.every((source) => source === undefined)) return undefined;
  const headers = new Headers();
  for (const source of sources) if (source !== undefined) for (const [name, value] of new Headers(source)) headers.append(name, value);
  return headers;
}

/**
 * The one action-result adapter: runs the use-case and answers `{ ok: true, ...value }` or the
 * failure with its status. `useFetcher<typeof action>()` and `actionData` are typed from it.
 * With an `intent`, both answers carry it, so a page with several forms can tell them apart.
 * `headers` go with a success; a work whose answer must carry headers of its own (cookies it
 * set) returns `withHeaders(value, headers)`. A Response thrown by the work (a redirect with its
 * own headers) goes out as it is.
 */
export async function actionResult<T extends object | void, K extends string = never>(
  work: () => Promise<T>,
  options: { intent?: K; headers?: HeadersInit; where?: string; texts?: ScreenTexts; values?: Record<string, string> } = {},
) {
  type Intent = [K] extends [never] ? unknown : { intent: K };
  const intent: object = options.intent === undefined ? {} : { intent: options.intent };
  try {
    const result: unknown = await work();
    const [value, own] = WithHeaders.holds(result) ? [result.value, result.headers] : [result, undefined];
    return data(Object.assign({}, intent, { ok: true }, value ?? {}) as Intent & Success<Unwrapped<T>>, {
      headers: mergeHeaders(options.headers, own),
    });
  } catch (error) {
    const { failure, status } = failureOf(error, options.where ?? "action", options.texts);
    return data(Object.assign({}, intent, failure, options.values ? { values: options.values } : {}) as Intent & Failure, { status });
  }
}
