DROP INDEX "conversations_direct_pair_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "kind" text;--> statement-breakpoint
UPDATE "conversations" SET "kind" = CASE WHEN "service_id" IS NULL THEN 'direct' ELSE 'service' END;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_direct_pair_idx" ON "conversations" USING btree ("user1_id","user2_id") WHERE "conversations"."kind" = 'direct';--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_kind_valid" CHECK ("conversations"."kind" in ('service', 'direct'));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_direct_has_no_service" CHECK ("conversations"."kind" = 'service' or "conversations"."service_id" is null);