ALTER TABLE "moderation_reports" DROP CONSTRAINT "moderation_reports_reporter_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;