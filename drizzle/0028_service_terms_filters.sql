-- service_terms carry what the catalogue filters and sorts by (ADR 029, amended): a search with
-- filters reads its matches from the primary key's index alone. The entries are made anew from
-- the listed services (as in migration service_terms), so the table is emptied first.
TRUNCATE service_terms;--> statement-breakpoint
ALTER TABLE "service_terms" ADD COLUMN "price" numeric(10, 2) NOT NULL;--> statement-breakpoint
ALTER TABLE "service_terms" ADD COLUMN "rating_avg" numeric(3, 2) NOT NULL;--> statement-breakpoint
ALTER TABLE "service_terms" ADD COLUMN "rating_count" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "service_terms" ADD COLUMN "category" text NOT NULL;--> statement-breakpoint
ALTER TABLE "service_terms" ADD COLUMN "delivery_days" smallint;--> statement-breakpoint
ALTER TABLE "service_terms" ADD COLUMN "work_place" text NOT NULL;--> statement-breakpoint
-- The key is made again after the fill below (an index built from sorted rows is a fifth smaller).
ALTER TABLE "service_terms" DROP CONSTRAINT "service_terms_pkey";--> statement-breakpoint
-- The same functions as before with the new columns. An entry that is there already (a table out of
-- step) takes the service's current values instead of keeping stale ones.
CREATE OR REPLACE FUNCTION service_terms_add() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  insert into service_terms (term, is_featured, created_at, service_id, price, rating_avg, rating_count, category, delivery_days, work_place)
    select t, n.is_featured, n.created_at, n.id, n.price, n.rating_avg, n.rating_count, n.category, n.delivery_days, n.work_place
    from new_rows n, unnest(tsvector_to_array(n.search)) as t where n.listed
  on conflict (term, is_featured, created_at, service_id) do update set price = excluded.price, rating_avg = excluded.rating_avg,
    rating_count = excluded.rating_count, category = excluded.category, delivery_days = excluded.delivery_days, work_place = excluded.work_place;
  return null;
end $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION service_terms_change() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if old.listed then
    delete from service_terms
      where term = any (tsvector_to_array(old.search)) and is_featured = old.is_featured and created_at = old.created_at and service_id = old.id;
  end if;
  if new.listed then
    insert into service_terms (term, is_featured, created_at, service_id, price, rating_avg, rating_count, category, delivery_days, work_place)
      select t, new.is_featured, new.created_at, new.id, new.price, new.rating_avg, new.rating_count, new.category, new.delivery_days, new.work_place
      from unnest(tsvector_to_array(new.search)) as t
    on conflict (term, is_featured, created_at, service_id) do update set price = excluded.price, rating_avg = excluded.rating_avg,
      rating_count = excluded.rating_count, category = excluded.category, delivery_days = excluded.delivery_days, work_place = excluded.work_place;
  end if;
  return null;
end $$;--> statement-breakpoint
-- Edits of the copied columns move the entries too: a price, a category, the listing facts, and
-- every rating (the reviews' trigger writes rating_avg and rating_count). Views are not copied.
DROP TRIGGER services_terms_change ON services;--> statement-breakpoint
CREATE TRIGGER services_terms_change AFTER UPDATE OF id, title, description, is_featured, created_at, removed_at, owner_suspended,
    price, rating_avg, rating_count, category, delivery_days, work_place ON services FOR EACH ROW
  WHEN (old.search IS DISTINCT FROM new.search OR old.is_featured IS DISTINCT FROM new.is_featured
    OR old.created_at IS DISTINCT FROM new.created_at OR old.listed IS DISTINCT FROM new.listed OR old.id IS DISTINCT FROM new.id
    OR old.price IS DISTINCT FROM new.price OR old.rating_avg IS DISTINCT FROM new.rating_avg OR old.rating_count IS DISTINCT FROM new.rating_count
    OR old.category IS DISTINCT FROM new.category OR old.delivery_days IS DISTINCT FROM new.delivery_days OR old.work_place IS DISTINCT FROM new.work_place)
  EXECUTE FUNCTION service_terms_change();--> statement-breakpoint
-- What the entries should be, derived from the listed services, with the table's columns in its
-- order: the fill below, `npm run admin -- search rebuild` and its count of entries out of step.
CREATE VIEW service_terms_derived AS
  SELECT t AS term, s.is_featured, s.created_at, s.id AS service_id, s.price, s.rating_avg, s.rating_count, s.category, s.delivery_days, s.work_place
  FROM services s, unnest(tsvector_to_array(s.search)) AS t WHERE s.listed;--> statement-breakpoint
INSERT INTO service_terms SELECT * FROM service_terms_derived;--> statement-breakpoint
ALTER TABLE "service_terms" ADD CONSTRAINT "service_terms_pkey" PRIMARY KEY ("term", "is_featured", "created_at", "service_id")
  INCLUDE ("price", "rating_avg", "rating_count", "category", "delivery_days", "work_place");
