CREATE TABLE "service_view_days" (
	"service_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "service_view_days_service_id_day_pk" PRIMARY KEY("service_id","day"),
	CONSTRAINT "service_view_days_views_positive" CHECK ("service_view_days"."views" > 0)
);
--> statement-breakpoint
ALTER TABLE "service_view_days" ADD CONSTRAINT "service_view_days_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;