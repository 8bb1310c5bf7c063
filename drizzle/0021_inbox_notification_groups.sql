ALTER TABLE "notifications" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Message notifications stored before grouping (issue #18): each names its conversation in its link.
-- They join their conversation's group, and each group's unread ones collapse into the newest
-- (counting them, titled like a grouped entry); the older ones become read, so the unique index holds.
UPDATE "notifications" SET "group_key" = 'conversation:' || substring("link" from '^/(?:chats|live-chat)/([0-9a-f-]{36})$')
WHERE "kind" = 'messages' AND "link" ~ '^/(chats|live-chat)/[0-9a-f-]{36}$';--> statement-breakpoint
WITH "ranked" AS (
	SELECT "id",
		row_number() OVER (PARTITION BY "user_id", "group_key" ORDER BY "created_at" DESC, "id" DESC) AS "rank",
		count(*) OVER (PARTITION BY "user_id", "group_key") AS "unread"
	FROM "notifications"
	WHERE "group_key" IS NOT NULL AND "read" = false
)
UPDATE "notifications" AS n SET
	"read" = r."rank" > 1,
	"count" = CASE WHEN r."rank" = 1 THEN r."unread" ELSE 1 END,
	"title" = CASE
		WHEN r."rank" = 1 AND r."unread" > 1 AND n."title" LIKE 'Neue Nachricht von %'
			THEN r."unread" || ' neue Nachrichten von ' || substr(n."title", char_length('Neue Nachricht von ') + 1)
		ELSE n."title"
	END
FROM "ranked" AS r
WHERE n."id" = r."id";--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_group_idx" ON "notifications" USING btree ("user_id","group_key") WHERE "notifications"."read" = false and "notifications"."group_key" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_count_positive" CHECK ("notifications"."count" >= 1);
