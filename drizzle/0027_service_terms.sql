CREATE TABLE "service_terms" (
	"term" text collate "C" NOT NULL,
	"is_featured" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "service_terms_pkey" PRIMARY KEY("term","is_featured","created_at","service_id")
);
--> statement-breakpoint
-- service_terms (ADR 029): every lexeme of a listed service's `search`, with the newest sort's key.
-- New and deleted services in one statement each (a seed inserts many at once); an edit of the
-- text, of featured, of the time, of the listing or of the id takes the service's entries out and
-- puts the new ones in; emptying the table empties them. Views and ratings are not in it: counting
-- a view or a rating writes nothing here. An edit never fails because an entry is there already (a
-- table out of step, e.g. after a load without triggers, is repaired by `npm run admin -- search
-- rebuild`).
CREATE FUNCTION service_terms_add() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  insert into service_terms (term, is_featured, created_at, service_id)
    select t, n.is_featured, n.created_at, n.id from new_rows n, unnest(tsvector_to_array(n.search)) as t where n.listed
  on conflict do nothing;
  return null;
end $$;--> statement-breakpoint
CREATE FUNCTION service_terms_remove() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  delete from service_terms s
    using (select t, o.is_featured, o.created_at, o.id from old_rows o, unnest(tsvector_to_array(o.search)) as t where o.listed) as gone (term, is_featured, created_at, id)
    where s.term = gone.term and s.is_featured = gone.is_featured and s.created_at = gone.created_at and s.service_id = gone.id;
  return null;
end $$;--> statement-breakpoint
CREATE FUNCTION service_terms_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER services_terms_add AFTER INSERT ON services REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION service_terms_add();--> statement-breakpoint
CREATE TRIGGER services_terms_remove AFTER DELETE ON services REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION service_terms_remove();--> statement-breakpoint
CREATE TRIGGER services_terms_change AFTER UPDATE OF id, title, description, is_featured, created_at, removed_at, owner_suspended ON services FOR EACH ROW
  WHEN (old.search IS DISTINCT FROM new.search OR old.is_featured IS DISTINCT FROM new.is_featured
    OR old.created_at IS DISTINCT FROM new.created_at OR old.listed IS DISTINCT FROM new.listed OR old.id IS DISTINCT FROM new.id)
  EXECUTE FUNCTION service_terms_change();--> statement-breakpoint
-- Emptying the services empties their entries (no foreign key would: service_terms has none, so that
-- the entries need no index of their own on service_id).
CREATE FUNCTION service_terms_clear() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  delete from service_terms;
  return null;
end $$;--> statement-breakpoint
CREATE TRIGGER services_terms_clear AFTER TRUNCATE ON services FOR EACH STATEMENT EXECUTE FUNCTION service_terms_clear();--> statement-breakpoint
INSERT INTO service_terms (term, is_featured, created_at, service_id)
  SELECT t, s.is_featured, s.created_at, s.id FROM services s, unnest(tsvector_to_array(s.search)) AS t WHERE s.listed;
