-- Counting a filter set of the catalogue reads index entries only (catalogue.server.ts, COUNT_CAP):
-- each combination of category, price range and minimum rating is bounded by the first column of
-- one index and finds the other filters' columns in the same entries, so the count is an
-- index-only scan (a bitmap AND of two indexes plus table reads took 12 ms for 4,000 matches).
DROP INDEX "services_price_range_idx";--> statement-breakpoint
DROP INDEX "services_rating_range_idx";--> statement-breakpoint
CREATE INDEX "services_category_price_idx" ON "services" USING btree ("category","price","rating_avg");--> statement-breakpoint
CREATE INDEX "services_price_range_idx" ON "services" USING btree ("price","rating_avg");--> statement-breakpoint
CREATE INDEX "services_rating_range_idx" ON "services" USING btree ("rating_avg","price");