-- services.rating_avg / rating_count are kept exact by the database itself, in the same
-- transaction as every change to service_reviews: inserts, updates, deletes, and the
-- cascades of a deleted service or account. The service row is locked first, so that
-- concurrent reviews of one service are counted one after another; each recount then
-- runs as a new statement and sees every review committed before it.
CREATE OR REPLACE FUNCTION refresh_service_rating(target uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- NO KEY UPDATE: serialises recounts without conflicting with the KEY SHARE lock
  -- that inserting a review takes on its service (foreign key check).
  PERFORM 1 FROM services WHERE id = target FOR NO KEY UPDATE;
  UPDATE services SET
    rating_avg = coalesce((SELECT round(avg(rating)::numeric, 2) FROM service_reviews WHERE service_id = target), 0),
    rating_count = (SELECT count(*) FROM service_reviews WHERE service_id = target)
  WHERE id = target;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION service_reviews_refresh_rating() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A changed text alone does not move the figures.
  IF TG_OP = 'UPDATE' AND NEW.service_id = OLD.service_id AND NEW.rating = OLD.rating THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM refresh_service_rating(OLD.service_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.service_id <> OLD.service_id) THEN
    PERFORM refresh_service_rating(NEW.service_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER service_reviews_rating_aggregate
AFTER INSERT OR UPDATE OR DELETE ON service_reviews
FOR EACH ROW EXECUTE FUNCTION service_reviews_refresh_rating();
