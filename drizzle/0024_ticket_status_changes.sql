CREATE TABLE "support_ticket_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"actor_id" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_ticket_status_changes_status_valid" CHECK ("support_ticket_status_changes"."status" in ('open', 'in_progress', 'resolved', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "support_ticket_status_changes" ADD CONSTRAINT "support_ticket_status_changes_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_status_changes" ADD CONSTRAINT "support_ticket_status_changes_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_ticket_status_changes_ticket_idx" ON "support_ticket_status_changes" USING btree ("ticket_id","created_at");