-- Search that forgives (ADR 017): compound parts and near spellings through a vocabulary of the
-- title words. PGlite loads these extensions where the instance is created (db.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE TABLE "service_words" (
	"word" text PRIMARY KEY NOT NULL,
	"folded" text NOT NULL,
	"services" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "service_words_folded_trgm_idx" ON "service_words" USING gin ("folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_words_folded_prefix_idx" ON "service_words" USING btree ("folded" text_pattern_ops);--> statement-breakpoint
-- A word without accents, umlaut dots and ß ("Straße" → "strasse", "Übersetzung" → "ubersetzung"),
-- lower case: what the vocabulary is matched on. unaccent() itself is only STABLE (it reads its
-- dictionary by name through the search path); naming the dictionary makes this IMMUTABLE.
CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
-- The words of a title as the search vector's parser reads them (a slash separates, as there):
-- words and the parts of hyphenated words, from three characters, without the stop words of
-- 'german' (they never match a search and are no suggestion).
CREATE FUNCTION service_title_words(title text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    select distinct token from ts_parse('default', lower(translate(title, '/', ' ')))
    where tokid in (1, 2, 3, 9, 10, 11) and char_length(token) between 3 and 40
      and to_tsvector('german', token) <> ''::tsvector
  $$;--> statement-breakpoint
-- The vocabulary follows the titles: statement triggers with transition tables (a bulk insert
-- counts its words once), a row trigger for a changed title (view counters and ratings update
-- services often and never fire it). Words are written in their order, so two transactions
-- adding the same words take the row locks in the same order (no deadlock); a count that
-- reaches 0 removes the word.
CREATE FUNCTION service_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  insert into service_words (word, folded, services)
    select w, search_fold(w), count(*)::int from new_rows, lateral service_title_words(new_rows.title) as w group by w order by w
  on conflict (word) do update set services = service_words.services + excluded.services;
  return null;
end $$;--> statement-breakpoint
CREATE FUNCTION service_words_remove() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  update service_words set services = services - gone.n
    from (select w, count(*)::int as n from old_rows, lateral service_title_words(old_rows.title) as w group by w order by w) as gone
    where service_words.word = gone.w;
  delete from service_words where services <= 0;
  return null;
end $$;--> statement-breakpoint
CREATE FUNCTION service_words_retitle() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  update service_words set services = services - 1
    where word in (select service_title_words(old.title) except select service_title_words(new.title));
  delete from service_words where services <= 0 and word in (select service_title_words(old.title));
  insert into service_words (word, folded, services)
    select w, search_fold(w), 1 from (select service_title_words(new.title) except select service_title_words(old.title)) as added(w) order by w
  on conflict (word) do update set services = service_words.services + 1;
  return null;
end $$;--> statement-breakpoint
CREATE TRIGGER services_words_insert AFTER INSERT ON services REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION service_words_add();--> statement-breakpoint
CREATE TRIGGER services_words_delete AFTER DELETE ON services REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION service_words_remove();--> statement-breakpoint
CREATE TRIGGER services_words_retitle AFTER UPDATE OF title ON services FOR EACH ROW WHEN (old.title IS DISTINCT FROM new.title) EXECUTE FUNCTION service_words_retitle();--> statement-breakpoint
INSERT INTO service_words (word, folded, services)
  SELECT w, search_fold(w), count(*)::int FROM services, lateral service_title_words(services.title) AS w GROUP BY w;
