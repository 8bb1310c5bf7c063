// The realtime benchmark's users: created in the database, then signed in through the /auth form.
import { hashPassword } from "better-auth/crypto";
import { SERVICE_CATEGORIES } from "~/features/services/categories";
import { openDatabase } from "~/lib/db.server";
import { withClient } from "./database";
import { PASSWORD, USERS } from "./realtime-config";

/**
 * USERS verified users with a credential account (one shared password hash made by Better Auth's
 * own hashPassword), profiles, and for each pair (2p, 2p+1) a service of 2p+1 and the service
 * conversation between the two. Returns the conversation id of each user.
 */
export async function createData(url: string): Promise<string[]> {
  const migrated = await openDatabase({ engine: "postgres", url, max: 1 });
  await migrated.close();
  const hash = await hashPassword(PASSWORD);
  return withClient(url, async (client) => {
    await client.query("begin");
    await client.query(
      `insert into "user" (id, name, email, email_verified)
       select 'bench-rt-user-' || lpad(i::text, 4, '0'), 'Nutzer ' || i, 'rt' || i || '@bench.example', true
       from generate_series(0, $1::int - 1) i`,
      [USERS],
    );
    await client.query(
      `insert into account (id, account_id, provider_id, user_id, password)
       select 'acc-' || id, id, 'credential', id, $1 from "user" where id like 'bench-rt-user-%'`,
      [hash],
    );
    await client.query(
      `insert into profiles (user_id, first_name, last_name, email)
       select id, 'Nutzer', split_part(name, ' ', 2), email from "user" where id like 'bench-rt-user-%'`,
    );
    await client.query(
      `insert into services (title, description, price, category, created_by)
       select 'Leistung ' || i, 'Benchmark-Leistung', 50, $2, 'bench-rt-user-' || lpad((2 * i + 1)::text, 4, '0')
       from generate_series(0, $1::int / 2 - 1) i`,
      [USERS, SERVICE_CATEGORIES[0]],
    );
    await client.query(
      `insert into conversations (user1_id, user2_id, kind, service_id)
       select least(s.created_by, p.id), greatest(s.created_by, p.id), 'service', s.id
       from services s
       join "user" p on p.id = 'bench-rt-user-' || lpad((substring(s.created_by from 15)::int - 1)::text, 4, '0')`,
    );
    await client.query("commit");
    const { rows } = await client.query<{ id: string; user1_id: string; user2_id: string }>("select id, user1_id, user2_id from conversations");
    const byUser: string[] = [];
    for (const row of rows) {
      byUser[Number(row.user1_id.slice(-4))] = row.id;
      byUser[Number(row.user2_id.slice(-4))] = row.id;
    }
    for (let i = 0; i < USERS; i++) if (!byUser[i]) throw new Error(`No conversation for user ${i}.`);
    await client.query("vacuum analyze");
    return byUser;
  });
}

/** Signs user `i` in through the /auth form action; returns its cookies as a Cookie header. */
export async function signIn(baseUrl: string, i: number): Promise<string> {
  const body = new URLSearchParams({ intent: "signIn", redirectTo: "/", email: `rt${i}@bench.example`, password: PASSWORD });
  const res = await fetch(`${baseUrl}/auth`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: {
      Origin: baseUrl,
      // The sign-in limit is 10 per minute per client address: each user signs in from its own.
      "X-Forwarded-For": `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    },
  });
  await res.arrayBuffer();
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (res.status !== 302 && res.status !== 303 && res.status !== 204) throw new Error(`Sign-in of user ${i} answered ${res.status}.`);
  if (!cookies.some((c) => c.includes("session_token="))) throw new Error(`Sign-in of user ${i} set no session cookie (status ${res.status}).`);
  return cookies.join("; ");
}
