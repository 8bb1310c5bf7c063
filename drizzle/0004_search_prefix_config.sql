-- The search box's half-typed word (services.server.ts, searchQuery): German stemming like the
-- 'german' configuration, but without its stop-word list. 'german' drops a query word such as
-- "über", "die" or "ein" entirely, so the prefix "über" would not find "Übersetzung" and "die"
-- not "Dienstleistung". Only the prefix of a one-word search uses it; documents keep 'german'.
CREATE TEXT SEARCH DICTIONARY "german_stem_prefix" (TEMPLATE = snowball, LANGUAGE = german);--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION "german_prefix" (COPY = german);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "german_prefix"
  ALTER MAPPING FOR asciiword, word, hword, hword_part, asciihword, hword_asciipart WITH "german_stem_prefix";
