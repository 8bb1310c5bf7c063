-- The file a new support ticket may carry (stored like a reply's file; ADR 022).
ALTER TABLE "support_tickets" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "file_type" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "file_size" integer;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_file_key_unique" UNIQUE("file_key");