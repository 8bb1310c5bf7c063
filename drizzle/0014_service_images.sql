CREATE TABLE "service_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid,
	"owner_id" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" jsonb NOT NULL,
	"placeholder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_images_position_range" CHECK ("service_images"."position" between 0 and 5),
	CONSTRAINT "service_images_size_positive" CHECK ("service_images"."width" > 0 and "service_images"."height" > 0),
	CONSTRAINT "service_images_placeholder_format" CHECK ("service_images"."placeholder" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
ALTER TABLE "service_images" ADD CONSTRAINT "service_images_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_images" ADD CONSTRAINT "service_images_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_images_service_idx" ON "service_images" USING btree ("service_id","position");--> statement-breakpoint
CREATE INDEX "service_images_owner_idx" ON "service_images" USING btree ("owner_id","created_at");