import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { z } from "zod";
import { profiles } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { SUSPENDED_ACCESS_MINUTES, SUSPENDED_ACCOUNT_PATH } from "./suspended-access";

export { SUSPENDED_ACCESS_MINUTES, SUSPENDED_ACCOUNT_PATH };

/**
 * A suspended account keeps its data rights (GDPR art. 15, 17 and 20): its holder can download
 * the data and delete the account, though no session is ever made for it (ADR 023). Showing the
 * right password at the sign-in form grants, instead of a session, this access: a signed cookie
 * naming the account, valid for a few minutes, which only the page for suspended accounts
 * (`SUSPENDED_ACCOUNT_PATH` and below) reads, and which does exactly those two things and nothing
 * else. (Its path is "/": the page's data requests go to `/konto-gesperrt.data`, which a cookie
 * path of `/konto-gesperrt` would not match.)
 */

const accessSchema = z.object({ userId: z.string().min(1), expires: z.number() });

function accessCookie() {
  return createCookie("suspended_access", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: SUSPENDED_ACCESS_MINUTES * 60,
    secure: env().baseUrl.startsWith("https://"),
    secrets: [env().authSecret],
  });
}

/**
 * The Set-Cookie value that grants the access, after a sign-in whose password was right. The
 * expiry travels inside the signed value, so a copied cookie is worthless after it whatever its
 * Max-Age says.
 */
export function grantSuspendedAccess(userId: string, now = new Date()): Promise<string> {
  return accessCookie().serialize({ userId, expires: now.getTime() + SUSPENDED_ACCESS_MINUTES * 60_000 });
}

/** The Set-Cookie value that ends the access (after a deletion, or "Fertig"). */
export function endSuspendedAccess(): Promise<string> {
  return accessCookie().serialize("", { maxAge: 0 });
}

/**
 * What the request's access allows: `none` (no cookie, a tampered or expired one, or an account
 * that no longer exists), `lifted` (the account is not suspended any more: it signs in as usual),
 * or `suspended` with the account's id.
 */
export type SuspendedAccess = { state: "none" } | { state: "lifted" } | { state: "suspended"; userId: string };

export async function suspendedAccessOf(db: Database, request: Request, now = new Date()): Promise<SuspendedAccess> {
  const raw: unknown = await accessCookie().parse(request.headers.get("Cookie"));
  const parsed = accessSchema.safeParse(raw);
  if (!parsed.success || parsed.data.expires <= now.getTime()) return { state: "none" };
  const [profile] = await db.select({ suspendedAt: profiles.suspendedAt }).from(profiles).where(eq(profiles.userId, parsed.data.userId));
  if (!profile) return { state: "none" };
  return profile.suspendedAt ? { state: "suspended", userId: parsed.data.userId } : { state: "lifted" };
}
