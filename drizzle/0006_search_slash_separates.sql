-- The search vector reads a slash as a space (the search box does the same, services.server.ts):
-- PostgreSQL's parser keeps "UI/UX-Design" as one file-path token 'ui/ux-design', so neither "UX"
-- nor "UI/UX" found the listing. PostgreSQL 15 cannot change a generated column's expression, so
-- the column is built anew; its GIN index goes with it and is created again (drizzle-kit only
-- generated the two column statements).
ALTER TABLE "services" drop column "search";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('german', translate(coalesce(title, ''), '/', ' ')), 'A') || setweight(to_tsvector('german', translate(coalesce(description, ''), '/', ' ')), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "services_search_idx" ON "services" USING gin ("search");
