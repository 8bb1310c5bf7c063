-- service_terms (ADR 029), hardened after review: the entries follow every way a service can
-- change, and an edit never fails because entries were already there (a table that got out of step,
-- e.g. after a load without triggers, is repaired by `npm run admin -- search rebuild`).
CREATE OR REPLACE FUNCTION service_terms_add() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  insert into service_terms (term, is_featured, created_at, service_id)
    select t, n.is_featured, n.created_at, n.id from new_rows n, unnest(tsvector_to_array(n.search)) as t where n.listed
  on conflict do nothing;
  return null;
end $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION service_terms_change() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if old.listed then
    delete from service_terms
      where term = any (tsvector_to_array(old.search)) and is_featured = old.is_featured and created_at = old.created_at and service_id = old.id;
  end if;
  if new.listed then
    insert into service_terms (term, is_featured, created_at, service_id)
      select t, new.is_featured, new.created_at, new.id from unnest(tsvector_to_array(new.search)) as t
    on conflict do nothing;
  end if;
  return null;
end $$;--> statement-breakpoint
-- A new id is another service as far as its entries go.
DROP TRIGGER services_terms_change ON services;--> statement-breakpoint
CREATE TRIGGER services_terms_change AFTER UPDATE OF id, title, description, is_featured, created_at, removed_at, owner_suspended ON services FOR EACH ROW
  WHEN (old.search IS DISTINCT FROM new.search OR old.is_featured IS DISTINCT FROM new.is_featured
    OR old.created_at IS DISTINCT FROM new.created_at OR old.listed IS DISTINCT FROM new.listed OR old.id IS DISTINCT FROM new.id)
  EXECUTE FUNCTION service_terms_change();--> statement-breakpoint
-- Emptying the services empties their entries (no foreign key would: service_terms has none, so that
-- a service's entries cost no index of their own on service_id).
CREATE FUNCTION service_terms_clear() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  delete from service_terms;
  return null;
end $$;--> statement-breakpoint
CREATE TRIGGER services_terms_clear AFTER TRUNCATE ON services FOR EACH STATEMENT EXECUTE FUNCTION service_terms_clear();
