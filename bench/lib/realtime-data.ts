// The realtime benchmark's users: created in the database, then signed in through the /auth form.
import { SERVICE_CATEGORIES } from "~/features/services/categories";
import { openDatabase } from "~/lib/db.server";
import { withClient } from "./database";
import { PASSWORD, USERS } from "./realtime-config";
import { insertPasswordUsers, signInThroughForm } from "./users";

const userId = (i: number) => `bench-rt-user-${String(i).padStart(4, "0")}`;
const userEmail = (i: number) => `rt${i}@bench.example`;

/**
 * USERS verified users with a credential account (one shared password hash made by Better Auth's
 * own hashPassword), profiles, and for each pair (2p, 2p+1) a service of 2p+1 and the service
 * conversation between the two. Returns the conversation id of each user.
 */
export async function createData(url: string): Promise<string[]> {
  const migrated = await openDatabase({ engine: "postgres", url, max: 1 });
  await migrated.close();
  return withClient(url, async (client) => {
    await client.query("begin");
    await insertPasswordUsers(
      client,
      Array.from({ length: USERS }, (_, i) => ({ id: userId(i), name: `Nutzer ${i}`, email: userEmail(i) })),
      PASSWORD,
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
  // The sign-in limit is 10 per minute per client address: each user signs in from its own.
  return signInThroughForm(baseUrl, userEmail(i), PASSWORD, `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`);
}
