CREATE TABLE "notification_settings" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_settings_kind" CHECK ("notification_settings"."kind" in ('messages', 'reviews', 'tickets', 'orders', 'saved_searches'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('messages', 'reviews', 'tickets', 'orders', 'saved_searches', 'other'));--> statement-breakpoint
-- Notifications stored before kinds existed get theirs from where they lead (the links each kind uses).
UPDATE "notifications" SET "kind" = CASE
	WHEN "link" LIKE '/chats/%' OR "link" LIKE '/live-chat/%' THEN 'messages'
	WHEN "link" LIKE '/orders/%' THEN 'orders'
	WHEN "link" = '/support' OR "link" LIKE '/support?%' THEN 'tickets'
	WHEN "link" LIKE '/services?%' THEN 'saved_searches'
	WHEN "link" LIKE '/services/%' THEN 'reviews'
	ELSE 'other'
END;
