import { performance } from "node:perf_hooks";
import pg from "pg";
import { SERVICE_CATEGORIES } from "~/features/services/categories";

export const USERS = 1_000;
export const SERVICES = 100_000;
export const REVIEWS = 1_000_000;

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const sqlArray = (items: readonly string[]) => `array[${items.map(sqlText).join(", ")}]::text[]`;

// Six German service nouns per category, in the order of SERVICE_CATEGORIES below.
export const NOUNS: Record<string, string[]> = {
  "Web Development": ["Webseite", "Onlineshop", "WordPress-Website", "Landingpage", "Webanwendung", "Shopify-Shop"],
  "Mobile Development": ["iOS-App", "Android-App", "Flutter-App", "App-Prototyp", "React-Native-App", "App-Wartung"],
  Design: ["Logo", "Logodesign", "Flyer", "Visitenkarten", "Corporate Design", "Illustration"],
  Writing: ["Blogartikel", "Produkttexte", "Übersetzung", "Lektorat", "Pressemitteilung", "Ghostwriting"],
  Marketing: ["Suchmaschinenoptimierung", "Google-Ads-Kampagne", "Social-Media-Betreuung", "Newsletter", "Instagram-Strategie", "Content-Marketing"],
  Consulting: ["Steuerberatung", "Unternehmensberatung", "IT-Beratung", "Datenschutzberatung", "Gründungsberatung", "Rechtsberatung"],
  Education: ["Nachhilfe Mathematik", "Deutschkurs", "Englischunterricht", "Gitarrenunterricht", "Programmierkurs", "Bewerbungstraining"],
  Business: ["Buchhaltung", "Virtuelle Assistenz", "Businessplan", "Lohnabrechnung", "Projektmanagement", "Datenerfassung"],
  Other: ["Umzugshilfe", "Fotografie", "Videoschnitt", "Möbelmontage", "Hundebetreuung", "Podcast-Schnitt"],
};

export const TITLE_SUFFIXES = [
  "vom Profi",
  "für Selbstständige",
  "für kleine Unternehmen",
  "in 48 Stunden",
  "zum Festpreis",
  "aus Berlin",
  "aus München",
  "aus Hamburg",
  "schnell und zuverlässig",
  "mit Zufriedenheitsgarantie",
  "für Start-ups",
  "nach Maß",
];

export const SENTENCES = [
  "Mehr als zehn Jahre Erfahrung in der Branche.",
  "Kostenlose Erstberatung per Telefon oder Video.",
  "Lieferung innerhalb von drei Werktagen.",
  "Zwei Korrekturschleifen sind im Preis enthalten.",
  "Alle Dateien erhalten Sie in gängigen Formaten.",
  "Ich arbeite persönlich, transparent und termintreu.",
  "Termine auch abends und am Wochenende möglich.",
  "Referenzen und Arbeitsproben sende ich Ihnen gerne zu.",
  "Rechnung mit ausgewiesener Mehrwertsteuer.",
  "Faire Preise ohne versteckte Kosten.",
  "Schulungen für Ihr Team biete ich ebenfalls an.",
  "Sprechen Sie mich einfach über den Chat an.",
];

// Mentions of other categories' keywords, added to 5 % of the descriptions, so that a
// search also finds services outside the obvious category (e.g. "Logo" in Web Development).
const CROSS_SENTENCES = [
  "Auf Wunsch gestalte ich auch ein passendes Logo.",
  "Gerne übernehme ich auch die Pflege Ihrer Webseite.",
  "Texte für Ihre Social-Media-Kanäle liefere ich auf Wunsch dazu.",
  "Beratung zu Steuerfragen und Buchhaltung inklusive.",
];

export const FIRST_NAMES = ["Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hannah", "Jonas", "Julia", "Lukas", "Lea", "Max", "Mia", "Noah", "Paul", "Sophie", "Tim", "Laura", "Elias"];
export const LAST_NAMES = ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann", "Koch", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Braun", "Zimmermann", "Krüger"];

const REVIEW_TEXTS = [
  "Sehr zufrieden, gerne wieder!",
  "Schnelle Lieferung und gute Kommunikation.",
  "Ergebnis wie besprochen, danke.",
  "Leider etwas länger gedauert als vereinbart.",
  "Top Qualität zum fairen Preis.",
  "Hat alle meine Wünsche umgesetzt.",
  "Nicht ganz das, was ich erwartet hatte.",
  "Absolut empfehlenswert.",
];

export interface GenerationReport {
  seconds: number;
  steps: { step: string; seconds: number }[];
}

/**
 * Fills an empty, migrated bench database: users with profiles, services over
 * every category, reviews with unique (service, user) pairs, the rating
 * aggregates in one update, then VACUUM ANALYZE. Everything is set-based SQL
 * (generate_series), seeded, so two runs give the same data.
 */
export async function generateData(url: string, log: (line: string) => void): Promise<GenerationReport> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const steps: GenerationReport["steps"] = [];
  const started = performance.now();
  const step = async (name: string, sql: string) => {
    const t0 = performance.now();
    await client.query(sql);
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ step: name, seconds: Math.round(seconds * 10) / 10 });
    log(`  ${name.padEnd(44)} ${seconds.toFixed(1)} s`);
  };
  const nouns = SERVICE_CATEGORIES.flatMap((c) => {
    const list = NOUNS[c];
    if (!list || list.length !== 6) throw new Error(`bench word list lacks six nouns for category "${c}"`);
    return list;
  });
  const cats = SERVICE_CATEGORIES.length;

  try {
    await client.query("set synchronous_commit = off");
    await client.query("set maintenance_work_mem = '256MB'");
    await client.query("set work_mem = '64MB'");
    // The per-row rating trigger (drizzle/0001) would recount a service for each of the
    // 1,000,000 reviews; the aggregates are set by one update below instead. The table owner
    // may disable it; the foreign-key triggers only a superuser may skip (replica role) — the
    // data is consistent by construction, and without the right the load is only slower.
    await client.query("alter table service_reviews disable trigger user");
    try {
      await client.query("set session_replication_role = replica");
    } catch {
      log("  (not superuser: foreign-key checks stay on during the load)");
    }
    await client.query("select setseed(0.4242)");

    await step(
      `users (${USERS})`,
      `insert into "user" (id, name, email, email_verified, created_at, updated_at)
       select 'bench-user-' || lpad(u::text, 4, '0'),
              (${sqlArray(FIRST_NAMES)})[1 + u % 20] || ' ' || (${sqlArray(LAST_NAMES)})[1 + (u / 20) % 20],
              'bench-user-' || lpad(u::text, 4, '0') || '@bench.example',
              true, t, t
       from (select u, now() - interval '800 days' + random() * interval '60 days' as t
             from generate_series(1, ${USERS}) u) s`,
    );
    await step(
      `profiles (${USERS})`,
      `insert into profiles (user_id, first_name, last_name, email, username, bio, is_premium, created_at, updated_at)
       select u.id, split_part(u.name, ' ', 1), split_part(u.name, ' ', 2), u.email,
              replace(u.id, '-', '_'), 'Freiberuflich tätig seit vielen Jahren.', random() < 0.1, u.created_at, u.created_at
       from "user" u where u.id like 'bench-user-%'`,
    );
    await step(
      `services (${SERVICES.toLocaleString("en")})`,
      `insert into services (title, description, price, category, created_by, views, is_featured, created_at, updated_at)
       select noun || ' ' || (${sqlArray(TITLE_SUFFIXES)})[1 + floor(random() * ${TITLE_SUFFIXES.length})::int],
              'Ich biete ' || noun || ' ' || (${sqlArray(TITLE_SUFFIXES)})[1 + floor(random() * ${TITLE_SUFFIXES.length})::int] || '. '
                || (${sqlArray(SENTENCES)})[1 + floor(random() * ${SENTENCES.length})::int] || ' '
                || (${sqlArray(SENTENCES)})[1 + floor(random() * ${SENTENCES.length})::int] || ' '
                || (${sqlArray(SENTENCES)})[1 + floor(random() * ${SENTENCES.length})::int]
                || case when random() < 0.05 then ' ' || (${sqlArray(CROSS_SENTENCES)})[1 + floor(random() * ${CROSS_SENTENCES.length})::int] else '' end,
              round((5 + 2995 * random() ^ 2)::numeric, 2),
              category,
              'bench-user-' || lpad((1 + (i * 37) % ${USERS})::text, 4, '0'),
              floor(random() ^ 4 * 20000)::int,
              random() < 0.03,
              t, t
       from (select i,
                    (${sqlArray(SERVICE_CATEGORIES)})[1 + i % ${cats}] as category,
                    (${sqlArray(nouns)})[1 + (i % ${cats}) * 6 + (i / ${cats}) % 6] as noun,
                    now() - random() * interval '730 days' as t
             from generate_series(1, ${SERVICES}) i) s`,
    );
    // Service n (in creation order) gets 1..20 reviews (10.5 on average) from users (n*7 + k) % 1000,
    // distinct for k < 1000; the limit cuts the last ~5% (the newest services get none).
    // Each service has a quality between 2.2 and 5 that its ratings scatter around.
    await step(
      `service_reviews (${REVIEWS.toLocaleString("en")})`,
      `insert into service_reviews (service_id, user_id, rating, review_text, created_at, updated_at)
       select s.id,
              'bench-user-' || lpad((1 + (s.n * 7 + k) % ${USERS})::text, 4, '0'),
              greatest(1, least(5, round(s.quality + (random() - 0.5) * 2.4)))::smallint,
              case when random() < 0.3 then (${sqlArray(REVIEW_TEXTS)})[1 + floor(random() * ${REVIEW_TEXTS.length})::int] end,
              rt, rt
       from (select id, created_at, n, 2.2 + 2.8 * ((n * 7919) % 1000) / 1000.0 as quality
             from (select id, created_at, row_number() over (order by created_at, id) as n from services) o) s
       cross join lateral generate_series(0, ((s.n * 37) % 20)::int) k
       cross join lateral (select s.created_at + random() * (now() - s.created_at) as rt) r
       limit ${REVIEWS}`,
    );
    await step(
      "rating_avg/rating_count (one update)",
      `update services s set rating_avg = a.avg, rating_count = a.cnt
       from (select service_id, round(avg(rating)::numeric, 2) as avg, count(*)::int as cnt
             from service_reviews group by service_id) a
       where a.service_id = s.id`,
    );
    await client.query("set session_replication_role = origin").catch(() => undefined);
    await client.query("alter table service_reviews enable trigger user");
    // The replica role kept the title-vocabulary triggers (migration forgiving_search) from firing…
    await step(
      "service_words (the search vocabulary)",
      `insert into service_words (word, folded, services)
       select w, search_fold(w), count(*)::int from services, lateral service_title_words(services.title) as w group by w
       on conflict (word) do update set services = excluded.services`,
    );
    // …and the search terms in the newest order (migration service_terms).
    await step(
      "service_terms (the search terms, newest order)",
      `insert into service_terms select * from service_terms_derived`,
    );
    await step("vacuum analyze", `vacuum (analyze) "user", profiles, services, service_reviews, service_words, service_terms`);
  } finally {
    await client.end();
  }
  return { seconds: Math.round((performance.now() - started) / 100) / 10, steps };
}

export interface DatasetCounts {
  users: number;
  services: number;
  reviews: number;
  featured: number;
  categories: number;
}

export async function datasetCounts(url: string): Promise<DatasetCounts | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = await client.query("select to_regclass('public.services') is not null as ok");
    if (!exists.rows[0]?.ok) return null;
    const { rows } = await client.query(
      `select (select count(*) from "user")::int as users,
              (select count(*) from services)::int as services,
              (select count(*) from service_reviews)::int as reviews,
              (select count(*) from services where is_featured)::int as featured,
              (select count(distinct category) from services)::int as categories`,
    );
    return rows[0] as DatasetCounts;
  } finally {
    await client.end();
  }
}
