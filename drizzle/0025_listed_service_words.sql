-- The search vocabulary (ADR 017) holds the words of listed services only (ADR 023): a service
-- removed by moderation, or of a suspended account, must not live on in the suggestions while
-- typing or in "Meinten Sie …?". Insert and delete count listed rows; a change of the title or of
-- the listing moves the service's words out of and into the vocabulary.
CREATE OR REPLACE FUNCTION service_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  insert into service_words (word, folded, services)
    select w, search_fold(w), count(*)::int from new_rows, lateral service_title_words(new_rows.title) as w
    where new_rows.listed group by w order by w
  on conflict (word) do update set services = service_words.services + excluded.services;
  return null;
end $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION service_words_remove() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  update service_words set services = services - gone.n
    from (select w, count(*)::int as n from old_rows, lateral service_title_words(old_rows.title) as w
          where old_rows.listed group by w order by w) as gone
    where service_words.word = gone.w;
  delete from service_words where services <= 0;
  return null;
end $$;--> statement-breakpoint
-- A row trigger: a title edit, a removal or restoring by moderation, a suspension. Words the old
-- and new state share are taken out and put back (their count passes through, never below 1
-- before it is checked), so only words that really went are deleted.
CREATE OR REPLACE FUNCTION service_words_retitle() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if old.listed then
    update service_words set services = services - 1 where word in (select service_title_words(old.title));
  end if;
  if new.listed then
    insert into service_words (word, folded, services)
      select w, search_fold(w), 1 from service_title_words(new.title) as w order by w
    on conflict (word) do update set services = service_words.services + 1;
  end if;
  delete from service_words where services <= 0 and word in (select service_title_words(old.title));
  return null;
end $$;--> statement-breakpoint
DROP TRIGGER services_words_retitle ON services;--> statement-breakpoint
CREATE TRIGGER services_words_retitle AFTER UPDATE OF title, removed_at, owner_suspended ON services FOR EACH ROW
  WHEN (old.title IS DISTINCT FROM new.title OR old.listed IS DISTINCT FROM new.listed)
  EXECUTE FUNCTION service_words_retitle();--> statement-breakpoint
-- Recount from the listed services (moderation may already have removed some).
DELETE FROM service_words;--> statement-breakpoint
INSERT INTO service_words (word, folded, services)
  SELECT w, search_fold(w), count(*)::int FROM services, lateral service_title_words(services.title) AS w WHERE services.listed GROUP BY w;
