DROP INDEX "services_category_idx";--> statement-breakpoint
CREATE INDEX "services_price_desc_idx" ON "services" USING btree ("is_featured" DESC NULLS LAST,"price" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "services_price_range_idx" ON "services" USING btree ("price");--> statement-breakpoint
CREATE INDEX "services_rating_range_idx" ON "services" USING btree ("rating_avg");--> statement-breakpoint
CREATE INDEX "services_category_idx" ON "services" USING btree ("category","is_featured" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);