// Users who can sign in, as the benchmarks need them: verified, a credential account with a
// password hash made by Better Auth's own hashPassword, and a profile; and signing in through the
// /auth form action as the page does. Shared by the catalogue, realtime and load benchmarks.
import { hashPassword } from "better-auth/crypto";
import type pg from "pg";

export interface PasswordUser {
  id: string;
  /** "First Last": the profile's first and last name are its two words. */
  name: string;
  email: string;
}

/**
 * Inserts `users` (verified), one credential account each (all with the same password, hashed
 * once) and their profiles, on `client` (inside the caller's transaction, if any).
 */
export async function insertPasswordUsers(client: pg.Client, users: readonly PasswordUser[], password: string): Promise<void> {
  const hash = await hashPassword(password);
  const ids = users.map((u) => u.id);
  await client.query(
    `insert into "user" (id, name, email, email_verified)
     select id, name, email, true from unnest($1::text[], $2::text[], $3::text[]) as t(id, name, email)`,
    [ids, users.map((u) => u.name), users.map((u) => u.email)],
  );
  await client.query(
    `insert into account (id, account_id, provider_id, user_id, password)
     select 'acc-' || id, id, 'credential', id, $2 from unnest($1::text[]) as t(id)`,
    [ids, hash],
  );
  await client.query(
    `insert into profiles (user_id, first_name, last_name, email)
     select u.id, split_part(u.name, ' ', 1), split_part(u.name, ' ', 2), u.email from "user" u where u.id = any($1::text[])`,
    [ids],
  );
}

/**
 * Signs in through the /auth form action (`intent=signIn`, 302 with the session cookie); returns
 * the cookies as a Cookie header. `forwardedFor` sets the client address the app sees (it trusts
 * loopback proxies): the sign-in limit is 10 per minute per address.
 */
export async function signInThroughForm(baseUrl: string, email: string, password: string, forwardedFor?: string): Promise<string> {
  const body = new URLSearchParams({ intent: "signIn", redirectTo: "/", email, password });
  const res = await fetch(`${baseUrl}/auth`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: baseUrl, ...(forwardedFor ? { "X-Forwarded-For": forwardedFor } : {}) },
  });
  await res.arrayBuffer();
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (res.status !== 302 && res.status !== 303 && res.status !== 204) throw new Error(`Sign-in of ${email} answered ${res.status}.`);
  if (!cookies.some((c) => c.includes("session_token="))) throw new Error(`Sign-in of ${email} set no session cookie (status ${res.status}).`);
  return cookies.join("; ");
}
