CREATE TABLE "message_digests" (
	"user_id" text PRIMARY KEY NOT NULL,
	"covered_until" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "message_digests" ADD CONSTRAINT "message_digests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- An installation that gains the digest mails only about messages sent after the upgrade (ADR 020).
INSERT INTO "message_digests" ("user_id", "covered_until") SELECT "id", now() FROM "user" ON CONFLICT DO NOTHING;
