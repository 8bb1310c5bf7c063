import { sql } from "drizzle-orm";
import { perDatabase, rowsOf, type Database } from "~/lib/db.server";
import type { SearchTerms } from "./search-query";

/**
 * Which entries of `service_terms` (ADR 029) a search matches: for a search that is "any of these
 * words" (one typed word with its forms, its prefix and, when widened, the words near it), the
 * terms whose entries together are exactly its matches. A list by newest merges those entries in
 * order (catalogue.server.ts) instead of reading and sorting every match.
 */

/**
 * A merge reads one ordered run of entries per term: beyond this many it is no longer the cheap
 * way (a two-letter prefix can stand for hundreds of words), and the list sorts the matches instead.
 */
export const MAX_MERGED_TERMS = 12;

/** What the search's text-search query stands for, before a prefix is looked up. */
interface Disjunction {
  /** Lexemes the query asks for as they are. */
  lexemes: string[];
  /** Lexemes the query asks for as prefixes (`'logo':*`). */
  prefixes: string[];
}

/**
 * The lexemes of a tsquery as PostgreSQL prints it, if it is a disjunction of plain lexemes and
 * prefixes: `'logos' | 'logo' | 'logo':*`. Anything else — `&`, `!`, phrases (`<->`), weight
 * labels (`:A`), an empty query — is null: the entries of single terms cannot answer it.
 */
export function disjunctionOf(printed: string): Disjunction | null {
  const lexemes = new Set<string>();
  const prefixes = new Set<string>();
  const token = /\s*(?:'((?:[^'\\]|'')*)'(:\*)?|[|()])\s*/y;
  let at = 0;
  while (at < printed.length) {
    token.lastIndex = at;
    const match = token.exec(printed);
    if (!match) return null;
    at = token.lastIndex;
    if (match[1] === undefined) continue;
    // A label must end where the lexeme does (no weights such as ':*A').
    if (at < printed.length && !/[\s|)]/.test(printed[at]!)) return null;
    (match[2] ? prefixes : lexemes).add(match[1].replaceAll("''", "'"));
  }
  if (lexemes.size + prefixes.size === 0) return null;
  return { lexemes: [...lexemes], prefixes: [...prefixes] };
}

/**
 * The printed query of a search, as the list condition builds it. It depends only on the text and
 * the text-search configuration, so a process keeps the last ones it asked for.
 */
const printedStatement = perDatabase((db) =>
  db
    .select({
      printed: sql<string>`(case when ${sql.placeholder("prefix")}::text is null then to_tsquery('german', ${sql.placeholder("query")})
        else to_tsquery('german', ${sql.placeholder("query")}) || to_tsquery('german_prefix', ${sql.placeholder("prefix")}) end)::text`,
    })
    .from(sql`(select) as one`)
    .prepare("catalogue_search_printed"),
);

/**
 * A prefix's terms, by stepping through the index from term to term (one probe each: the index is
 * ordered by bytes, so a prefix's terms are neighbours), at most MAX_MERGED_TERMS + 1 per prefix.
 */
const expansionStatement = perDatabase((db) =>
  db
    .select({ term: sql<string>`term` })
    .from(
      sql`(with recursive walk (prefix, term, n) as (
        select p, (select min(s.term) from service_terms s where s.term >= p), 1 from unnest(${sql.placeholder("prefixes")}::text[]) as p
        union all
        select prefix, (select min(s.term) from service_terms s where s.term > walk.term), n + 1 from walk
        where starts_with(walk.term, walk.prefix) and n <= ${sql.raw(String(MAX_MERGED_TERMS))}
      ) select term from walk where starts_with(term, prefix)) as expanded`,
    )
    .prepare("catalogue_search_prefix_terms"),
);

/** The last printed queries, per database (its text-search configuration prints them). */
const printedCaches = perDatabase(() => new Map<string, Disjunction | null>());
const PRINTED_CACHE_SIZE = 500;

async function disjunctionFor(db: Database, search: SearchTerms): Promise<Disjunction | null> {
  const printedCache = printedCaches(db);
  const key = `${search.query}\u0000${search.prefix ?? ""}`;
  if (printedCache.has(key)) return printedCache.get(key)!;
  const [row] = await printedStatement(db).execute({ query: search.query, prefix: search.prefix });
  const parsed = disjunctionOf(row?.printed ?? "");
  if (printedCache.size >= PRINTED_CACHE_SIZE) printedCache.delete(printedCache.keys().next().value!);
  printedCache.set(key, parsed);
  return parsed;
}

/**
 * The terms whose entries are exactly the matches of `search`, sorted, or null when the search is
 * not a disjunction of words or stands for more than MAX_MERGED_TERMS terms.
 */
export async function mergedTermsOf(db: Database, search: SearchTerms): Promise<string[] | null> {
  const disjunction = await disjunctionFor(db, search);
  if (!disjunction) return null;
  const terms = new Set(disjunction.lexemes);
  if (disjunction.prefixes.length) {
    const expanded = await expansionStatement(db).execute({ prefixes: `{${disjunction.prefixes.map(arrayElement).join(",")}}` });
    for (const { term } of expanded) terms.add(term);
  }
  if (terms.size === 0 || terms.size > MAX_MERGED_TERMS) return null;
  return [...terms].sort();
}

/** A value inside a PostgreSQL array literal, quoted. */
const arrayElement = (value: string) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;

/**
 * How many entries of service_terms are out of step with the listed services: entries no listed
 * service has (any more, or with these values), plus those missing (service_terms_derived, the
 * entries as they should be). Zero while the triggers keep it.
 */
export async function searchTermsDrift(db: Pick<Database, "execute">): Promise<number> {
  const result = await db.execute(sql`
    select ((select count(*) from (select * from service_terms except all select * from service_terms_derived) as extra)
      + (select count(*) from (select * from service_terms_derived except all select * from service_terms) as missing))::int as n`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
