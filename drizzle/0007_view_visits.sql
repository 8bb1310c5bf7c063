CREATE TABLE "view_visits" (
	"window_start" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"visitor_key" text NOT NULL,
	CONSTRAINT "view_visits_window_start_kind_item_id_visitor_key_pk" PRIMARY KEY("window_start","kind","item_id","visitor_key"),
	CONSTRAINT "view_visits_kind_valid" CHECK ("view_visits"."kind" in ('service', 'profile'))
);
