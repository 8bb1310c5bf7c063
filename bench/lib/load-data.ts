// The load benchmark's data: the schema from the app's migrations, the signed-in users'
// accounts and a catalogue of their services (no demo data: SEED_DEMO=false).
import { SERVICE_CATEGORIES } from "~/features/services/categories";
import { openDatabase } from "~/lib/db.server";
import { withClient } from "./database";
import { FIRST_NAMES, LAST_NAMES, NOUNS, SENTENCES, TITLE_SUFFIXES } from "./generate";
import { PASSWORD, seeded, type LoadConfig } from "./load-config";
import { insertPasswordUsers } from "./users";

export interface LoadService {
  id: string;
  /** The index of the user who offers it. */
  owner: number;
}

export interface LoadData {
  /** The user id of each signed-in user, by index. */
  userIds: string[];
  services: LoadService[];
}

export const userEmail = (i: number) => `load${i}@bench.example`;
const userId = (i: number) => `bench-load-user-${String(i).padStart(4, "0")}`;

/**
 * `signedIn` verified users with a credential account (one password hash made by Better Auth's
 * own hashPassword) and a profile, and `servicesPerUser` services each: German titles from the
 * catalogue benchmark's word lists over every category, prices 10–990 €, creation times over the
 * last 90 days (seeded, so two runs give the same catalogue).
 */
export async function createLoadData(url: string, config: LoadConfig): Promise<LoadData> {
  const migrated = await openDatabase({ engine: "postgres", url, max: 1 });
  await migrated.close();
  const random = seeded(config.seed);
  const ids = Array.from({ length: config.signedIn }, (_, i) => userId(i));

  const titles: string[] = [];
  const descriptions: string[] = [];
  const prices: string[] = [];
  const categories: string[] = [];
  const owners: string[] = [];
  const ages: number[] = [];
  for (let i = 0; i < config.signedIn; i++) {
    for (let k = 0; k < config.servicesPerUser; k++) {
      const category = SERVICE_CATEGORIES[(i * config.servicesPerUser + k) % SERVICE_CATEGORIES.length]!;
      const nouns = NOUNS[category] ?? ["Leistung"];
      titles.push(`${nouns[Math.floor(random() * nouns.length)]} ${TITLE_SUFFIXES[Math.floor(random() * TITLE_SUFFIXES.length)]}`);
      descriptions.push(
        Array.from({ length: 3 }, () => SENTENCES[Math.floor(random() * SENTENCES.length)]).join(" "),
      );
      prices.push(String(10 + 10 * Math.floor(random() * 99)));
      categories.push(category);
      owners.push(ids[i]!);
      ages.push(Math.round(random() * 90 * 24 * 3600));
    }
  }

  return withClient(url, async (client) => {
    await client.query("begin");
    await insertPasswordUsers(
      client,
      ids.map((id, i) => ({
        id,
        name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]}`,
        email: userEmail(i),
      })),
      PASSWORD,
    );
    await client.query(
      `insert into services (title, description, price, category, created_by, created_at, updated_at)
       select title, description, price, category, owner, now() - make_interval(secs => age), now() - make_interval(secs => age)
       from unnest($1::text[], $2::text[], $3::numeric[], $4::text[], $5::text[], $6::int[]) as t(title, description, price, category, owner, age)`,
      [titles, descriptions, prices, categories, owners, ages],
    );
    await client.query("commit");
    await client.query("vacuum analyze");
    const { rows } = await client.query<{ id: string; created_by: string }>("select id, created_by from services order by created_by, id");
    const index = new Map(ids.map((id, i) => [id, i]));
    return { userIds: ids, services: rows.map((r) => ({ id: r.id, owner: index.get(r.created_by)! })) };
  });
}
