import { sql } from "drizzle-orm";
import { perDatabase, rowsOf, type Database } from "~/lib/db.server";
import { plainSearchWords } from "./search-query";

/**
 * The forgiving part of the catalogue search (ADR 017). It reads `service_words`, the distinct
 * words of the titles (migration forgiving_search keeps it), never the 100,000 services
 * themselves: a search word is widened to the known words near it, which then go through the
 * German full-text search like typed words (the text index, the ranking and the paging stay
 * those of ADR 008).
 */

/** A search with fewer exact matches than this is widened (one page: a thin result). */
export const THIN_RESULT = 24;

/** Words shorter than this are neither widened nor corrected: too many words are near them. */
const MIN_FUZZY_LENGTH = 4;

/**
 * The known words near each plain search word: words that have it inside ("fotograf" →
 * "hochzeitsfotografie", "steuer" → "umsatzsteuererklärung"; the start of a word the full-text
 * prefix finds already), and near spellings ("webseite" → "website", "logoo" → "logo": trigram
 * similarity from the index, then at most 1 edit up to 5 letters, 2 up to 9, 3 beyond), all
 * compared without accents and umlaut dots ("ubersetzung" → "übersetzung"). At most 12 words per
 * word, the same word without accents first, then compound parts, then the nearest spellings.
 */
export async function nearWords(db: Database, input: string): Promise<Map<string, string[]>> {
  const words = [...new Set(plainSearchWords(input).filter((w) => w.length >= MIN_FUZZY_LENGTH && /^[\p{L}\p{N}]+$/u.test(w)))];
  const near = new Map<string, string[]>();
  if (words.length === 0) return near;
  const rows = rowsOf<{ query: string; near: string[] | string | null }>(
    await db.execute(sql`
      select q.word as query, array(
        select w.word from service_words w
        where w.word <> q.word
          and ((w.folded like '%' || q.folded || '%' and w.word not like q.word || '%')
            or (w.folded % q.folded and levenshtein_less_equal(w.folded, q.folded, q.edits) <= q.edits))
        order by w.folded = q.folded desc, (w.folded like '%' || q.folded || '%') desc, similarity(w.folded, q.folded) desc, w.services desc, w.word
        limit 12
      ) as near
      from (
        select word, search_fold(word) as folded,
          case when char_length(word) <= 5 then 1 when char_length(word) <= 9 then 2 else 3 end as edits
        from unnest(string_to_array(${words.join(" ")}, ' ')) as word
      ) as q`),
  );
  for (const row of rows) {
    const list = arrayOf(row.near);
    if (list.length) near.set(row.query, list);
  }
  return near;
}

/**
 * "Meinten Sie …?": the search text with each unknown word replaced by the closest known word
 * (fewest edits, then the most services; at most 1 edit up to 4 letters, 2 up to 8, 3 beyond),
 * or null when no word has a close one (nonsense gets no suggestion) or nothing would change.
 */
export async function correctedSearch(db: Database, input: string): Promise<string | null> {
  const words = [...new Set(plainSearchWords(input).filter((w) => w.length >= 3 && /^[\p{L}\p{N}]+$/u.test(w)))];
  if (words.length === 0) return null;
  const rows = rowsOf<{ query: string; known: boolean; best: string | null }>(
    await db.execute(sql`
      select q.word as query,
        exists (select 1 from service_words w where w.folded = q.folded) as known,
        (select w.word from service_words w
          where char_length(w.folded) between char_length(q.folded) - q.edits and char_length(q.folded) + q.edits
            and levenshtein_less_equal(w.folded, q.folded, q.edits) <= q.edits
          order by levenshtein_less_equal(w.folded, q.folded, q.edits), w.services desc, w.word limit 1) as best
      from (
        select word, search_fold(word) as folded,
          case when char_length(word) <= 4 then 1 when char_length(word) <= 8 then 2 else 3 end as edits
        from unnest(string_to_array(${words.join(" ")}, ' ')) as word
      ) as q`),
  );
  const corrections = new Map<string, string>();
  for (const row of rows) if (!row.known && row.best) corrections.set(row.query, row.best);
  if (corrections.size === 0) return null;
  const phrase = input
    .trim()
    .split(/\s+/u)
    .map((token) => {
      const word = token.toLowerCase().match(/[\p{L}\p{N}]+/gu);
      const better = word && word.length === 1 ? corrections.get(word[0]!) : undefined;
      return better ? likeTyped(better, token) : token;
    })
    .join(" ");
  return phrase.toLowerCase() === input.trim().toLowerCase() ? null : phrase;
}

/**
 * nearWords and correctedSearch as the catalogue's loader calls them: kept 30 s per process and
 * database (like the counts, catalogue.server.ts), since the vocabulary changes only with titles
 * and the same few searches come again and again. A new title shows in them within the 30 s.
 */
export function rememberedNearWords(db: Database, input: string): Promise<Map<string, string[]>> {
  return remembered(db, `near:${input.toLowerCase()}`, () => nearWords(db, input));
}

export function rememberedCorrection(db: Database, input: string): Promise<string | null> {
  return remembered(db, `fix:${input}`, () => correctedSearch(db, input));
}

const REMEMBER_MS = 30_000;
const memory = new WeakMap<Database, Map<string, { at: number; value: Promise<unknown> }>>();

function remembered<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  let entries = memory.get(db);
  if (!entries) memory.set(db, (entries = new Map()));
  const hit = entries.get(key);
  if (hit && Date.now() - hit.at < REMEMBER_MS) return hit.value as Promise<T>;
  if (entries.size >= 2_000) entries.delete(entries.keys().next().value!);
  const value = load();
  entries.set(key, { at: Date.now(), value });
  // A failure is not remembered.
  value.catch(() => entries.delete(key));
  return value;
}

/** At most this many suggestions while typing. */
export const SUGGESTION_LIMIT = 8;

/**
 * Suggestions while typing: known words that start with the last (half-typed) word, then words
 * that have it inside (compounds), then near spellings; the words before it are kept. Nothing for
 * fewer than two letters or a last piece that is not a plain word.
 */
export async function suggestSearches(db: Database, input: string, limit = SUGGESTION_LIMIT): Promise<string[]> {
  const text = input.replace(/[\p{Cc}\p{Cs}]/gu, " ").slice(0, 100);
  const match = /^(.*?)([\p{L}\p{N}]+)$/su.exec(text.trimStart());
  if (!match) return [];
  const [, before = "", last = ""] = match;
  if (last.length < 2 || last.length > 40) return [];
  const count = Math.max(1, Math.min(limit, SUGGESTION_LIMIT));
  const rows = await suggestionStatement(db).execute({ last, count });
  return rows.map((row) => `${before}${likeTyped(row.word, last)}`);
}

/**
 * The suggestions' statement, named (built and planned once per connection): it runs on every
 * pause in typing, and planning its three branches cost more than running them on a warm
 * vocabulary (0.2–0.6 ms against 0.2 ms). Its plan does not depend on the typed text (the
 * folded word is computed in the statement), so a generic plan is as good as a custom one.
 */
const suggestionStatement = perDatabase((db) => {
  const last = sql.placeholder("last");
  const count = sql.placeholder("count");
  return db
    .select({ word: sql<string>`found.word` })
    .from(
      sql`(
        (select w.word, 0 as class, w.services::float8 as score from service_words w, (select search_fold(${last}::text) as folded) q
          where w.folded like q.folded || '%' order by w.services desc, w.word limit ${count}::int)
        union all
        (select w.word, 1, w.services from service_words w, (select search_fold(${last}::text) as folded) q
          where char_length(q.folded) >= 3 and w.folded like '%' || q.folded || '%' and w.folded not like q.folded || '%'
          order by w.services desc, w.word limit ${count}::int)
        union all
        (select w.word, 2, similarity(w.folded, q.folded) from service_words w, (select search_fold(${last}::text) as folded) q
          where char_length(q.folded) >= ${sql.raw(String(MIN_FUZZY_LENGTH))} and w.folded % q.folded and w.folded not like '%' || q.folded || '%'
          order by similarity(w.folded, q.folded) desc, w.word limit ${count}::int)
      ) as found`,
    )
    .orderBy(sql`found.class, found.score desc, found.word`)
    .limit(count)
    .prepare("suggest_searches");
});

/** A known (lower-case) word written as the person started it: capitalised if they did. */
function likeTyped(word: string, typed: string): string {
  const first = Array.from(typed.replace(/^[^\p{L}\p{N}]+/u, ""))[0] ?? "";
  return first && first !== first.toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** PGlite hands a text[] back as an array, node-postgres too; a driver that does not gets parsed. */
function arrayOf(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === "{}") return [];
  return value
    .slice(1, -1)
    .split(",")
    .map((v) => v.replace(/^"|"$/g, ""));
}
