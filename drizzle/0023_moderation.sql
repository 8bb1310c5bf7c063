CREATE TABLE "moderation_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" text NOT NULL,
	"author_id" text,
	"item_summary" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_cases_kind_valid" CHECK ("moderation_cases"."item_kind" in ('service', 'review', 'comment', 'profile', 'message')),
	CONSTRAINT "moderation_cases_status_valid" CHECK ("moderation_cases"."status" in ('open', 'decided', 'objected'))
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ground" text NOT NULL,
	"reason" text NOT NULL,
	"decided_by" text,
	"affected_user_id" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"objection" text,
	"objected_at" timestamp with time zone,
	CONSTRAINT "moderation_decisions_kind_valid" CHECK ("moderation_decisions"."kind" in ('dismiss', 'remove', 'suspend', 'restore', 'confirm')),
	CONSTRAINT "moderation_decisions_ground_valid" CHECK ("moderation_decisions"."ground" in ('law', 'terms')),
	CONSTRAINT "moderation_decisions_reason_length" CHECK (char_length(btrim("moderation_decisions"."reason")) between 1 and 2000),
	CONSTRAINT "moderation_decisions_objection" CHECK (("moderation_decisions"."objection" is null) = ("moderation_decisions"."objected_at" is null) and ("moderation_decisions"."objection" is null or char_length(btrim("moderation_decisions"."objection")) between 1 and 2000))
);
--> statement-breakpoint
CREATE TABLE "moderation_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"reporter_id" text,
	"reporter_name" text,
	"reporter_email" text,
	"reason" text NOT NULL,
	"category" text,
	"explanation" text NOT NULL,
	"client_key" text NOT NULL,
	"reporter_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_reports_reason_valid" CHECK ("moderation_reports"."reason" in ('illegal', 'terms')),
	CONSTRAINT "moderation_reports_category_valid" CHECK (("moderation_reports"."reason" = 'illegal' and "moderation_reports"."category" in ('fraud', 'hate', 'violence', 'minors', 'privacy', 'ip', 'consumer', 'unsafe_products', 'other')) or ("moderation_reports"."reason" = 'terms' and "moderation_reports"."category" is null)),
	CONSTRAINT "moderation_reports_explanation_length" CHECK (char_length(btrim("moderation_reports"."explanation")) between 1 and 2000)
);
--> statement-breakpoint
DROP INDEX "services_newest_idx";--> statement-breakpoint
DROP INDEX "services_rating_idx";--> statement-breakpoint
DROP INDEX "services_price_idx";--> statement-breakpoint
DROP INDEX "services_price_desc_idx";--> statement-breakpoint
DROP INDEX "services_views_idx";--> statement-breakpoint
DROP INDEX "services_category_idx";--> statement-breakpoint
DROP INDEX "services_category_price_idx";--> statement-breakpoint
DROP INDEX "services_price_range_idx";--> statement-breakpoint
DROP INDEX "services_rating_range_idx";--> statement-breakpoint
DROP INDEX "services_delivery_idx";--> statement-breakpoint
DROP INDEX "services_search_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_comments" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_reviews" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "owner_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "listed" boolean GENERATED ALWAYS AS (removed_at is null and not owner_suspended) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_audit" ADD CONSTRAINT "moderation_audit_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_audit" ADD CONSTRAINT "moderation_audit_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_affected_user_id_user_id_fk" FOREIGN KEY ("affected_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_audit_case_idx" ON "moderation_audit" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_item_idx" ON "moderation_cases" USING btree ("item_kind","item_id");--> statement-breakpoint
CREATE INDEX "moderation_cases_queue_idx" ON "moderation_cases" USING btree ("status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_cases_author_idx" ON "moderation_cases" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "moderation_decisions_case_idx" ON "moderation_decisions" USING btree ("case_id","decided_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_affected_idx" ON "moderation_decisions" USING btree ("affected_user_id","decided_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_reports_once_idx" ON "moderation_reports" USING btree ("case_id","reporter_key");--> statement-breakpoint
CREATE INDEX "moderation_reports_case_idx" ON "moderation_reports" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_reports_reporter_idx" ON "moderation_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "services_newest_idx" ON "services" USING btree ("is_featured" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "services"."listed";--> statement-breakpoint
CREATE INDEX "services_rating_idx" ON "services" USING btree ("is_featured" DESC NULLS LAST,"rating_avg" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "services"."listed";--> statement-breakpoint
CREATE INDEX "services_price_idx" ON "services" USING btree ("is_featured" DESC NULLS LAST,"price","id") WHERE "services"."listed";--> statement-breakpoint
CREATE INDEX "services_price_desc_idx" ON "services" USING btree ("is_featured" DESC NULLS LAST,"price" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "services"."listed";--> statement-breakpoint
CREATE INDEX "services_views_idx" ON "services" USING btree ("is_featured" DESC NULLS LAST,"views" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "services"."listed";--> statement-breakpoint
CREATE INDEX "services_category_idx" ON "services" USING btree ("category","is_featured" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "services"."listed";--> statement-breakpoint
CREATE INDEX "services_category_price_idx" ON "services" USING btree ("category","price","rating_avg","delivery_days","work_place") WHERE "services"."listed";--> statement-breakpoint
CREATE INDEX "services_price_range_idx" ON "services" USING btree ("price","rating_avg","delivery_days","work_place") WHERE "services"."listed";--> statement-breakpoint
CREATE INDEX "services_rating_range_idx" ON "services" USING btree ("rating_avg","price","delivery_days","work_place") WHERE "services"."listed";--> statement-breakpoint
CREATE INDEX "services_delivery_idx" ON "services" USING btree ("delivery_days","work_place","price","rating_avg") WHERE "services"."listed";--> statement-breakpoint
CREATE INDEX "services_search_idx" ON "services" USING gin ("search") WHERE "services"."listed";--> statement-breakpoint
-- A review removed by moderation (ADR 023) no longer counts in its service's rating; removing or
-- restoring it recounts.
CREATE OR REPLACE FUNCTION refresh_service_rating(target uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM services WHERE id = target FOR NO KEY UPDATE;
  UPDATE services SET
    rating_avg = coalesce((SELECT round(avg(rating)::numeric, 2) FROM service_reviews WHERE service_id = target AND removed_at IS NULL), 0),
    rating_count = (SELECT count(*) FROM service_reviews WHERE service_id = target AND removed_at IS NULL)
  WHERE id = target;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION service_reviews_refresh_rating() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A changed text alone does not move the figures.
  IF TG_OP = 'UPDATE' AND NEW.service_id = OLD.service_id AND NEW.rating = OLD.rating
     AND (NEW.removed_at IS NULL) = (OLD.removed_at IS NULL) THEN
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
