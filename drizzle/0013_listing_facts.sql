-- Delivery time and place of work of a service (issue 17). Existing services become "nach Vereinbarung"
-- (delivery_days null) and remote by the column defaults; their price unit stays (Festpreis unless set).
-- The count indexes gain both columns at their end, so that a count with these filters stays an
-- index-only scan; services_delivery_idx bounds a count by "bis N Tage" alone.
DROP INDEX "services_category_price_idx";--> statement-breakpoint
DROP INDEX "services_price_range_idx";--> statement-breakpoint
DROP INDEX "services_rating_range_idx";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "delivery_days" smallint;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "work_place" text DEFAULT 'remote' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "work_city" text;--> statement-breakpoint
CREATE INDEX "services_delivery_idx" ON "services" USING btree ("delivery_days","work_place","price","rating_avg");--> statement-breakpoint
CREATE INDEX "services_category_price_idx" ON "services" USING btree ("category","price","rating_avg","delivery_days","work_place");--> statement-breakpoint
CREATE INDEX "services_price_range_idx" ON "services" USING btree ("price","rating_avg","delivery_days","work_place");--> statement-breakpoint
CREATE INDEX "services_rating_range_idx" ON "services" USING btree ("rating_avg","price","delivery_days","work_place");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_delivery_days_range" CHECK ("services"."delivery_days" is null or "services"."delivery_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_work_place_valid" CHECK ("services"."work_place" in ('remote', 'onsite', 'both'));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_work_city_valid" CHECK (("services"."work_place" = 'remote' and "services"."work_city" is null) or ("services"."work_place" <> 'remote' and "services"."work_city" is not null and "services"."work_city" = btrim("services"."work_city") and char_length("services"."work_city") between 1 and 80));